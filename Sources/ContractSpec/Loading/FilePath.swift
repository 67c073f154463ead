/// File paths as text, joined and made standard without Foundation's `URL`, whose path operations cost
/// tens of thousands of instructions each: a description split into thousands of files resolves a relative
/// `$ref` path for every reference it follows.
enum FilePath {
    /// `path` joined to `directory` (both `/`-separated; an absolute `path` stands alone), with `.` and
    /// empty components dropped and each `..` taking the component before it away, as `URL.standardizedFileURL`
    /// does: by the text, not the file system.
    static func joined(_ path: String, toDirectory directory: String) -> String {
        var components: [Substring] = []
        let whole = path.hasPrefix("/") ? path : directory + "/" + path
        for component in whole.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The folder `path` is in (`/a/b/c.yaml` → `/a/b`).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
