/// Splits one fuzz input into the pieces a target needs: at the first NUL byte, so a seed is two texts
/// joined by a NUL and the fuzzer can grow either side.
enum InputSplitting {
    static func halves(_ bytes: [UInt8]) -> (first: [UInt8], second: [UInt8]) {
        guard let nul = bytes.firstIndex(of: 0) else { return (bytes, []) }
        return (Array(bytes[..<nul]), Array(bytes[(nul + 1)...]))
    }

    /// The input as text (invalid UTF-8 repaired), for APIs that take a `String`.
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
