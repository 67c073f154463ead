import ContractJSON
import Foundation

/// Finds and reads traffic: HAR files (`.har`) and recordings (`.jsonl`), given as files or folders.
package enum TrafficFiles {
    /// What was read from a set of paths (the exchanges themselves go to the caller one at a time).
    package struct Loaded: Sendable {
        /// How many exchanges were read.
        package var exchanges = 0
        /// Files that could not be read, with why.
        package var errors: [TrafficReadError] = []
        /// Torn or unreadable recording lines that were skipped.
        package var skippedLines = 0
        /// Files read.
        package var files = 0
    }

    /// The traffic files in `paths`: files as given, folders searched recursively for `.har` and `.jsonl`.
    package static func find(in paths: [String]) -> (files: [URL], missing: [String]) {
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

    /// Reads the files, file by file in path order, handing each exchange to `body` as soon as it is read
    /// (nothing of it is kept); `displayPath` turns a URL into the path messages print.
    package static func read(_ files: [URL], displayPath: (URL) -> String, each body: (TrafficEntry) -> Void)
        -> Loaded
    {
        var loaded = Loaded()
        var exchanges = 0
        let count: (TrafficEntry) -> Void = {
            exchanges += 1
            body($0)
        }
        for url in files {
            let path = displayPath(url)
            loaded.files += 1
            do throws(TrafficReadError) {
                if url.pathExtension.lowercased() == "jsonl" {
                    let skipped = try Recording.read(url: url, path: path, each: count)
                    loaded.skippedLines += skipped
                } else {
                    try HARReader.read(url: url, path: path, each: count)
                }
            } catch {
                loaded.errors.append(error)
            }
        }
        loaded.exchanges = exchanges
        return loaded
    }
}
