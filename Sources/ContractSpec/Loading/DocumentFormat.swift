/// The syntax a contract file is written in.
package enum DocumentFormat: String, Sendable {
    /// JSON (RFC 8259).
    case json
    /// YAML 1.2.
    case yaml

    /// Picks the format from the file extension, or from the first character when the extension says nothing.
    static func detect(path: String, firstByte: UInt8?) -> DocumentFormat {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".json") { return .json }
        if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") { return .yaml }
        // JSON is a subset of YAML, so YAML is the safe default; but the JSON reader is faster and
        // keeps more exact positions, so an object or array at the start goes to it.
        return firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[") ? .json : .yaml
    }
}
