/// File paths as text, joined and made standard without Foundation's `URL`, whose path operations cost
/// tens of thousands of instructions each: a description split into thousands of files resolves a relative
/// `$ref` path for every reference it follows.
enum FilePath {
    /// `path` joined to `directory` (both `/`-separated; an absolute `path` stands alone), with `.` and
    /// empty components dropped and each `..` taking the component before it away, as `URL.standardizedFileURL`
    /// does: by the text, not the file system.
    static func joined(_ path: String, toDirectory directory: String) -> String {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        let whole = Array((path.hasPrefix("/") ? path : directory + "/" + path).utf8)
        // Byte by byte (a `split` into substrings cost tens of thousands of instructions a path in a debug
        // build): each component kept is `/` and its bytes, and where each starts, for a `..` to take back.
        var output: [UInt8] = []
        output.reserveCapacity(whole.count)
        var starts: [Int] = []
        var index = 0
        while index < whole.count {
            while index < whole.count, whole[index] == slash { index += 1 }
            let start = index
            while index < whole.count, whole[index] != slash { index += 1 }
            switch index - start {
            case 0:
                continue
            case 1 where whole[start] == dot:
                continue
            case 2 where whole[start] == dot && whole[start + 1] == dot:
                if let last = starts.popLast() { output.removeLast(output.count - last) }
            default:
                starts.append(output.count)
                output.append(slash)
                output.append(contentsOf: whole[start..<index])
            }
        }
        return output.isEmpty ? "/" : String(decoding: output, as: UTF8.self)
    }

    /// The folder `path` is in (`/a/b/c.yaml` → `/a/b`).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
