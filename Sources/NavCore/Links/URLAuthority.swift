/// The checks RFC 3986 (section 3.2) makes of a URL's authority that
/// the split (URISyntax) leaves to its caller: a port must be a number a port can
/// be, and a host in brackets must be an IPv6 address or an IPvFuture.
enum URLAuthority {
    /// The largest port number (ports are 16 bits).
    static let maxPort = 65_535

    /// The port of `text`, the digits after the host's `:`, or why it is no
    /// port: `99999999999999999999` is not read as no port.
    static func port(_ text: Substring) throws(NavError) -> Int {
        guard let port = Int(text), text.utf8.allSatisfy(isDigit), port <= maxPort else {
            throw NavError(.noMatch, "the port \"\(ParamType.excerpt(String(text)))\" is not a port number (0 to \(maxPort))")
        }
        return port
    }

    /// Checks a host in brackets (`[::1]`, `[v1.x]`): RFC 3986's IP-literal.
    /// A host without brackets is a registered name and is not checked here.
    static func checkIPLiteral(_ host: Substring) throws(NavError) {
        // A registered name, the usual host, is left before its bytes are copied out.
        guard host.utf8.first == UInt8(ascii: "[") else { return }
        let bytes = Array(host.utf8)
        guard bytes.count >= 2, bytes.last == UInt8(ascii: "]") else {
            throw NavError(.noMatch, "the host \"\(ParamType.excerpt(String(host)))\" opens a bracket it does not close")
        }
        let inner = bytes[1..<(bytes.count - 1)]
        guard isIPv6(inner) || isIPvFuture(inner) else {
            throw NavError(.noMatch, "the host \"\(ParamType.excerpt(String(host)))\" is not an IPv6 address")
        }
    }

    /// `h16` groups with `:` between them, one `::` standing for one or more
    /// zero groups, the last 32 bits optionally as an IPv4 address.
    private static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
        let colon = UInt8(ascii: ":")
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex, !(bytes[index] == colon && bytes[index + 1] == colon) { index += 1 }
        guard index + 1 < bytes.endIndex else { return groupCount(bytes, ipv4Tail: true) == 8 }
        guard let head = groupCount(bytes[..<index], ipv4Tail: false),
              let tail = groupCount(bytes[(index + 2)...], ipv4Tail: true) else { return false }
        return head + tail <= 7
    }

    /// The number of 16-bit groups in `bytes` (an IPv4 tail counts two), or
    /// nil when a group is not 1 to 4 hex digits.
    private static func groupCount(_ bytes: ArraySlice<UInt8>, ipv4Tail: Bool) -> Int? {
        if bytes.isEmpty { return 0 }
        let groups = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        var count = 0
        for (index, group) in groups.enumerated() {
            if ipv4Tail, index == groups.count - 1, group.contains(UInt8(ascii: ".")) {
                guard isIPv4(group) else { return nil }
                count += 2
            } else {
                guard (1...4).contains(group.count), group.allSatisfy(isHexDigit) else { return nil }
                count += 1
            }
        }
        return count
    }

    /// Four decimal octets, 0 to 255, without leading zeros.
    private static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let octets = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { octet in
            guard (1...3).contains(octet.count), octet.allSatisfy(isDigit),
                  octet.count == 1 || octet.first != UInt8(ascii: "0") else { return false }
            return octet.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
        }
    }

    /// `v` hex digits `.` then unreserved, sub-delims or `:` characters.
    private static func isIPvFuture(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, first | 0x20 == UInt8(ascii: "v"),
              let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return false }
        let version = bytes[(bytes.startIndex + 1)..<dot]
        let rest = bytes[(dot + 1)...]
        return !version.isEmpty && version.allSatisfy(isHexDigit) && !rest.isEmpty && rest.allSatisfy { byte in
            PercentCoding.isUnreserved(byte) || "!$&'()*+,;=:".utf8.contains(byte)
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }
}
