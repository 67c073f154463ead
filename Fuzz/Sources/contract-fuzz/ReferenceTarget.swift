import Foundation

@testable import ContractSpec

/// A contract in two files, `api.yaml` and `common.yaml` (the input's two halves), loaded with every
/// lint check: `$ref`s within and across the files, to missing files and out of the folder.
enum ReferenceTarget {
    /// A folder of this process's own, written again for every input and removed when the process exits.
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "contract-fuzz-references-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ReferenceTarget.folder) }
        return url
    }()

    static func run(_ bytes: [UInt8]) {
        let (api, common) = InputSplitting.halves(bytes)
        let root = folder.appendingPathComponent("api.yaml")
        do {
            try Data(api).write(to: root)
            try Data(common).write(to: folder.appendingPathComponent("common.yaml"))
        } catch {
            fatalError("cannot write the fuzz input to \(folder.path): \(error)")
        }
        _ = ContractLoader(rootDirectory: folder).load(root, checks: .all)
    }
}
