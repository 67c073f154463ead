import Foundation

extension ContractBackend {
    /// Finds a contract named by a relative path the way tests mean it: from the working directory (where
    /// `swift test` runs), else from the folders above the test file (`#filePath`) up to the file system root.
    public static func contractURL(_ path: String, relativeTo filePath: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        let manager = FileManager.default
        let fromWorkingDirectory = URL(fileURLWithPath: manager.currentDirectoryPath).appendingPathComponent(path)
        if manager.fileExists(atPath: fromWorkingDirectory.path) { return fromWorkingDirectory }
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            let candidate = folder.appendingPathComponent(path)
            if manager.fileExists(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return fromWorkingDirectory
    }
}
