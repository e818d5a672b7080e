import CNavcore
import NavCore
import NavCoreJSON
import NavCoreSession

/// `int navcore_open_url(navcore_navigator *nav, const char *url, int mode, char **transition_out)`.
@_cdecl("navcore_open_url")
public func navcore_open_url(_ nav: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ mode: Int32, _ out: TextOut?) -> Int32 {
    apply(nav, out) { () throws(NavError) in
        let url = try Input.string(url, "url")
        let modes: [Int32: OpenMode?] = [NAVCORE_OPEN_DEFAULT: nil, NAVCORE_OPEN_REPLACE: .replace, NAVCORE_OPEN_PUSH: .push]
        let dismiss = mode & NAVCORE_OPEN_DISMISS != 0
        guard let placing = modes[mode & ~NAVCORE_OPEN_DISMISS] else {
            throw NavError(.action, at: "actions[0].mode",
                           "unknown mode \(mode) (use NAVCORE_OPEN_DEFAULT, NAVCORE_OPEN_REPLACE or NAVCORE_OPEN_PUSH, each with or without NAVCORE_OPEN_DISMISS)")
        }
        return [.openURL(url, mode: placing, dismiss: dismiss)]
    }
}

/// `int navcore_resolve_url(const navcore_navigator *nav, const char *url, char **routes_out)`.
@_cdecl("navcore_resolve_url")
public func navcore_resolve_url(_ nav: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let url = try Input.string(url, "url")
        let out = try Input.required(out, "routes_out")
        out.pointee = try engine.read { (session) throws(NavError) in try session.resolutionText(url) }
    }
}

/// `int navcore_url_for(const navcore_navigator *nav, const char *route_json, char **url_out)`.
@_cdecl("navcore_url_for")
public func navcore_url_for(_ nav: OpaquePointer?, _ routeJSON: UnsafePointer<CChar>?, _ out: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let request = try ActionDecoder.decodeRoute(text: try Input.batchText(routeJSON, "route_json"), at: "route")
        let out = try Input.required(out, "url_out")
        let url = try engine.withSession { (session) throws(NavError) in try session.table.url(for: request) }
        out.pointee = try OwnedText.make(url)
    }
}

/// `int navcore_stack_url(const navcore_navigator *nav, char **url_out)`.
@_cdecl("navcore_stack_url")
public func navcore_stack_url(_ nav: OpaquePointer?, _ out: TextOut?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let out = try Input.required(out, "url_out")
        let url = try engine.withSession { (session) throws(NavError) in try session.navigator.stackURL() }
        out.pointee = try OwnedText.make(url)
    }
}

/// `int navcore_match_segments(const navcore_navigator *nav, const char *scheme, const char *host,
/// const char *const *segments, size_t count, size_t *link_out)`: the matching step alone.
@_cdecl("navcore_match_segments")
public func navcore_match_segments(_ nav: OpaquePointer?, _ scheme: UnsafePointer<CChar>?, _ host: UnsafePointer<CChar>?,
                                   _ segments: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
                                   _ out: UnsafeMutablePointer<Int>?) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let scheme = try Input.string(scheme, "scheme")
        let host = try Input.string(host, "host")
        let out = try Input.required(out, "link_out")
        guard count >= 0, count <= LinkTable.maxURLBytes else {
            throw NavError(.invalidArgument, at: "count", "\(count) segments: at most \(LinkTable.maxURLBytes), as many as a URL can hold")
        }
        var texts: [String] = []
        if count > 0 {
            let segments = try Input.required(segments, "segments")
            texts.reserveCapacity(count)
            for index in 0..<count {
                texts.append(try Input.string(segments[index], "segments[\(index)]"))
            }
        }
        out.pointee = try engine.withSession { (session) throws(NavError) in
            try session.table.matchLink(scheme: scheme, host: host, segments: texts)
        }
    }
}
