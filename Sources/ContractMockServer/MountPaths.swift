import ContractSpec
import ContractVerify

/// The base paths the mock server answers a contract under: each server's path, whatever its host.
enum MountPaths {
    /// Each server's path (`https://api.example.com/v1` gives `/v1`), once each, as server-relative base
    /// URLs: the verifier then routes a request to the mock's own address as it routes one to the
    /// contract's servers.
    static func basePaths(of document: Spec.Document) -> [String] {
        var paths: [String] = []
        for server in document.servers {
            // A variable that stands for the whole URL or its origin (`{full_server_url}`) is no path.
            let path = basePath(of: ServerTemplate.spellingPartVariables(url: server.url, variables: server.variables))
            let base = path.isEmpty ? "/" : path
            if !paths.contains(base) { paths.append(base) }
        }
        return paths
    }

    /// The path of a server URL, without a trailing slash (empty for the root).
    static func basePath(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        } else if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        if !rest.isEmpty, !rest.hasPrefix("/") { return "/" + rest }
        return String(rest)
    }
}
