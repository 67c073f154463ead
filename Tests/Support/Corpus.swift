import Foundation

/// Where the shared test corpora live: `../shared/corpora` beside the clone, or `CONTRACTCHECK_CORPORA`.
public enum Corpus {
    /// The corpora folder.
    public static var root: URL {
        if let override = ProcessInfo.processInfo.environment["CONTRACTCHECK_CORPORA"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
    }

    /// The package's own folder.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Every file below `folder` (relative to the corpora) with the extension `ext`, sorted by path.
    public static func files(in folder: String, withExtension ext: String) -> [URL] {
        let directory = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }.sorted { $0.path < $1.path }
    }
}
