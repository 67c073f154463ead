import Foundation

/// A report that could not be written: where, why, and what to do.
package struct ReportWriteError: Error, CustomStringConvertible {
    /// The path the report was to be written to, as given.
    package var path: String
    /// Why it could not be, in words, with what to do.
    package var reason: String

    /// Creates the error.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: error: cannot write the report: reason`.
    package var description: String { "\(path): error: cannot write the report: \(reason)" }

    /// The reason a report cannot be written to `url`, found before writing: the path is a folder, or a
    /// folder it would go in is a file. `nil` when neither holds.
    static func obstacle(at url: URL) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            return "it is a folder; name a file in it, such as \(url.appendingPathComponent("report.xml").path)"
        }
        var folder = url.deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
                return isFolder.boolValue
                    ? nil : "\(folder.path) is a file, not a folder; choose a path whose folders are folders"
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
