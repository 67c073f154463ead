import ContractJSON
import Foundation

/// Finds and reads traffic: HAR files (`.har`) and recordings (`.jsonl`), given as files or folders.
public enum TrafficFiles {
    /// Everything read from a set of paths.
    public struct Loaded: Sendable {
        /// The exchanges, file by file in path order.
        public var records: [TrafficEntry] = []
        /// Files that could not be read, with why.
        public var errors: [TrafficReadError] = []
        /// Torn or unreadable recording lines that were skipped.
        public var skippedLines = 0
        /// Files read.
        public var files = 0
    }

    /// The traffic files in `paths`: files as given, folders searched recursively for `.har` and `.jsonl`.
    public static func find(in paths: [String]) -> (files: [URL], missing: [String]) {
        var files: [URL] = []
        var missing: [String] = []
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            guard isDirectory.boolValue else {
                files.append(url)
                continue
            }
            let enumerator = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            let found = (enumerator?.allObjects ?? []).compactMap { $0 as? URL }
                .filter { ["har", "jsonl"].contains($0.pathExtension.lowercased()) }
            files += found.sorted { $0.path < $1.path }
        }
        return (files, missing)
    }

    /// Reads the files; `displayPath` turns a URL into the path messages print.
    public static func read(_ files: [URL], displayPath: (URL) -> String) -> Loaded {
        var loaded = Loaded()
        for url in files {
            let path = displayPath(url)
            loaded.files += 1
            do throws(TrafficReadError) {
                if url.pathExtension.lowercased() == "jsonl" {
                    let (records, skipped) = try Recording.read(url: url, path: path)
                    loaded.records += records
                    loaded.skippedLines += skipped
                } else {
                    loaded.records += try HARReader.read(url: url, path: path)
                }
            } catch {
                loaded.errors.append(error)
            }
        }
        return loaded
    }
}
