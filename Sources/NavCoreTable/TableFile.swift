#if canImport(Glibc)
import Glibc
#endif
import NavCore

/// A route table file read whole (`RouteTable(contentsOfFile:)`, which
/// `navcore_navigator_new_from_file` calls), as the NUL-terminated text the
/// decoder takes.
package enum TableFile {
    /// The file's bytes followed by a NUL: `.table` naming the path and the
    /// system's reason when it cannot be read, and for a NUL byte inside;
    /// `.invalidArgument` for text that is not UTF-8; `.limit` past
    /// `Limits.maxSnapshotBytes`.
    package static func read(_ path: String) throws(NavError) -> [CChar] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path) }
        defer { close(descriptor) }
        var bytes: [CChar] = []
        var chunk = [CChar](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path)
            }
            if count == 0 { break }
            guard bytes.count + count <= Limits.maxSnapshotBytes else {
                throw NavError(.limit, at: "path", "route table \"\(path)\" is larger than \(Limits.maxSnapshotBytes) bytes")
            }
            bytes += chunk[0..<count]
        }
        if let offset = bytes.firstIndex(of: 0) {
            throw NavError(.table, at: "", "route table \"\(path)\" holds a NUL byte at offset \(offset)")
        }
        bytes.append(0)
        if let (offset, byte) = bytes.withUnsafeBufferPointer({ $0.baseAddress.flatMap(UTF8Check.firstInvalidByte(in:)) }) {
            let hex = String(byte, radix: 16, uppercase: true)
            throw NavError(.invalidArgument, at: "",
                           "route table \"\(path)\" is not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset))")
        }
        return bytes
    }

    /// The error of a file that cannot be opened or read, with `errno`'s reason.
    private static func unreadable(_ path: String) -> NavError {
        NavError(.table, at: "", "cannot read route table \"\(path)\": \(String(cString: strerror(errno)))")
    }
}
