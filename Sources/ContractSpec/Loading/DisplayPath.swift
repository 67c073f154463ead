import Foundation

/// How messages name a file: relative to the working directory when the file is below it, else as
/// given. One rule for contracts, traffic files and the tests that recordings name.
package enum DisplayPath {
    /// `path` relative to `workingDirectory` when it is below it.
    package static func of(_ path: String, workingDirectory: String = FileManager.default.currentDirectoryPath)
        -> String
    {
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
