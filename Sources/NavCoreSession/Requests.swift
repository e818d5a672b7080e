import NavCore
import NavCoreJSON

/// What a caller's text asks for, read by the codec: the readers the C ABI
/// calls, so that it never touches the codec itself. Places in messages are
/// the ones the convenience calls locate their input at (`actions[0]...`);
/// where a message names the text itself, the caller gives its name (the C
/// argument, `params_json`).
public enum Requests {
    /// The most bytes of one batch's text (`NAVCORE_MAX_BATCH_BYTES`): actions,
    /// routes, params or state JSON, measured before anything reads it.
    public static let maxBatchBytes = ActionDecoder.maxBatchBytes

    /// A route table.
    public static func table(_ text: UnsafePointer<CChar>) throws(NavError) -> RouteTable {
        try RouteTableDecoder.decode(text: text)
    }

    /// A batch of actions (`navcore_apply`, a guard's redirect).
    public static func batch(_ text: UnsafePointer<CChar>) throws(NavError) -> [Action] {
        try ActionDecoder.decodeBatch(text: text)
    }

    /// One route, located at `path`.
    public static func route(_ text: UnsafePointer<CChar>, at path: String) throws(NavError) -> RouteRequest {
        try ActionDecoder.decodeRoute(text: text, at: path)
    }

    /// An array of routes, as `set_stack` takes them, located at `path`.
    public static func routes(_ text: UnsafePointer<CChar>, at path: String) throws(NavError) -> [RouteRequest] {
        try ActionDecoder.decodeRoutes(text: text, at: path)
    }

    /// A route's params, located at `path`; text that is not JSON is an error at `input`.
    public static func params(_ text: UnsafePointer<CChar>, input: String, at path: String) throws(NavError) -> [(String, InputValue)] {
        try ActionDecoder.decodeParams(text: text, input: input, at: path)
    }

    /// An entry's saved state (`null` removes it), located at `actions[0].state`;
    /// text that is not JSON is an error at `input`.
    public static func state(_ text: UnsafePointer<CChar>, input: String) throws(NavError) -> JSONValue? {
        try ActionDecoder.decodeState(text: text, input: input)
    }
}
