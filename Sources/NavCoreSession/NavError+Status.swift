import NavCore

extension NavError.Kind {
    /// The C status code of this kind of error: its value and the name that
    /// `navcore_status_string()`, messages and the conformance vectors use.
    public var status: StatusCode {
        switch self {
        case .invalidArgument: return .einval
        case .outOfMemory: return .enomem
        case .json: return .ejson
        case .table: return .etable
        case .action: return .eaction
        case .route: return .eroute
        case .params: return .eparams
        case .noEntry: return .enoentry
        case .cascade: return .ecascade
        case .internal: return .einternal
        case .noMatch: return .enomatch
        case .tab: return .etab
        case .restore: return .erestore
        case .limit: return .elimit
        case .redirect: return .eredirect
        case .denied: return .edenied
        case .blocked: return .eblocked
        }
    }
}
