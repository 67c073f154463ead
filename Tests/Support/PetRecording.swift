import Foundation

/// Recorded exchanges against `Tests/Fixtures/contracts/petstore.yaml`, as the fake backend writes them:
/// for tests of how traffic at scale is read and verified.
public enum PetRecording {
    /// The contract the exchanges were made against.
    public static var contract: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/contracts/petstore.yaml")
    }

    static let pet = Data(#"{"id":7,"name":"Rex"}"#.utf8).base64EncodedString()
    /// A pet without its required name.
    static let namelessPet = Data(#"{"id":7}"#.utf8).base64EncodedString()

    /// One recording line: `GET /api/pets/7` from a test whose server listened on `port` (sent to
    /// `requestPort` when given), answered with a pet, or with one that lacks its name when `valid` is false.
    public static func line(port: Int, requestPort: Int? = nil, valid: Bool) -> String {
        let origin = "http://127.0.0.1:\(requestPort ?? port)"
        return #"{"version":1,"test":"PetTests.swift:12","contract":"\#(contract.path)","#
            + #""options":{"baseURLs":["http://127.0.0.1:\#(port)/api"]},"#
            + #""request":{"method":"GET","url":"\#(origin)/api/pets/7","headers":[],"body":""},"#
            + #""response":{"status":200,"headers":[["Content-Type","application/json"]],"#
            + #""body":"\#(valid ? pet : namelessPet)"}}"#
    }

    /// Writes `count` exchanges to `file`, each from a test on its own port; every hundredth pet is nameless.
    public static func write(_ count: Int, to file: URL) throws {
        try Data().write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var batch = ""
        for index in 0..<count {
            batch += line(port: 40_000 + index % 20_000, valid: index % 100 != 0) + "\n"
            if batch.utf8.count > 1 << 20 {
                handle.write(Data(batch.utf8))
                batch = ""
            }
        }
        handle.write(Data(batch.utf8))
    }
}
