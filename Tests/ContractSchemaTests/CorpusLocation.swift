import Foundation

/// Where the shared test corpora live: `../shared/corpora` beside the clone, or `CONTRACTCHECK_CORPORA`.
enum Corpus {
    static var root: URL {
        if let override = ProcessInfo.processInfo.environment["CONTRACTCHECK_CORPORA"] {
            return URL(fileURLWithPath: override)
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
    }

    static func files(in folder: String, withExtension ext: String) -> [URL] {
        let directory = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }.sorted { $0.path < $1.path }
    }
}
