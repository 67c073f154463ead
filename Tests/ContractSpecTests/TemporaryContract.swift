import ContractSpec
import Foundation
import ContractTestSupport

/// A folder of contract files written for one test, removed when the test ends.
final class TemporaryContract {
    let folder: URL

    init(_ files: [String: String]) throws {
        folder = Scratch.path("contract")
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    func load(_ name: String = "api.yaml") -> ContractLoader.Result {
        ContractLoader(rootDirectory: folder).load(url(name))
    }

    /// Diagnostics as `line:column: severity: message [code]`, without the temporary folder's path.
    func messages(_ name: String = "api.yaml") -> [String] {
        load(name).diagnostics.map { diagnostic in
            let file = URL(fileURLWithPath: diagnostic.location.file).lastPathComponent
            return "\(file):\(diagnostic.location.position): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"
        }
    }
}

/// A minimal valid 3.1 document with the given `paths` body appended (indented by the caller).
func openAPI31(paths: String = "  {}", components: String = "") -> String {
    """
    openapi: 3.1.0
    info:
      title: Test API
      version: 1.0.0
    paths:
    \(paths)
    \(components)
    """
}
