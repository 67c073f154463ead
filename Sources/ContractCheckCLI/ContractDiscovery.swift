import ContractJSON
import ContractSpec
import Foundation

/// Finds the contract documents among paths the user named: files as given, folders searched for
/// YAML and JSON files whose top level declares `openapi` or `swagger` (fragments that other files
/// `$ref` are left for those files to load).
enum ContractDiscovery {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func contracts(in paths: [String]) throws -> [URL] {
        var found: [URL] = []
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw Problem(description: "\(path): no such file or folder")
            }
            if !isDirectory.boolValue {
                found.append(url)
                continue
            }
            let enumerator = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            var inFolder: [URL] = []
            // A link that leads out of the folder is not followed: the folder is what the user named, and a
            // `$ref` through such a link is refused as well.
            let folder = url.resolvingSymlinksInPath().standardizedFileURL.path + "/"
            while let candidate = enumerator?.nextObject() as? URL {
                let ext = candidate.pathExtension.lowercased()
                guard ["yaml", "yml", "json"].contains(ext),
                    candidate.resolvingSymlinksInPath().standardizedFileURL.path.hasPrefix(folder),
                    declaresVersion(candidate)
                else { continue }
                inFolder.append(candidate)
            }
            found += inFolder.sorted { $0.path < $1.path }
        }
        return found
    }

    /// Whether the file's top level has an `openapi` or `swagger` key: a cheap textual look, so that
    /// a folder scan does not parse every schema fragment twice.
    static func declaresVersion(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        // Large documents may sort their keys, putting `openapi` far down; read the whole file up to a bound.
        let data = (try? handle.read(upToCount: 8 << 20)) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("openapi:") || line.hasPrefix("swagger:") || line.hasPrefix("\"openapi\":")
                || line.hasPrefix("\"swagger\":")
            {
                return true
            }
        }
        // JSON on one line or indented keys.
        return text.contains("\"openapi\"") || text.contains("\"swagger\"")
    }
}
