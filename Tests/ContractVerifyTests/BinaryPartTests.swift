import Testing

@testable import ContractVerify

/// Multipart parts whose schema is a file (`type: string, format: binary`) are bytes, whatever their
/// `Content-Type` label; only an `encoding.contentType` the contract declares constrains the label.
@Suite struct BinaryPartTests {
    static let contract = FixtureContract("file-uploads.yaml")

    static func upload(_ path: String, _ parts: [(name: String, type: String?, body: String)]) -> [String] {
        let body =
            parts.map { part in
                let disposition = "Content-Disposition: form-data; name=\"\(part.name)\"; filename=\"\(part.name).json\""
                let type = part.type.map { "\r\nContent-Type: \($0)" } ?? ""
                return "--X\r\n\(disposition)\(type)\r\n\r\n\(part.body)\r\n"
            }.joined() + "--X--\r\n"
        return contract.kinds(
            "POST", "https://api.files.example.com/v1" + path, headers: ["Content-Type": "multipart/form-data; boundary=X"],
            body: body)
    }

    @Test func aFileLabelledJSONIsNotParsed() {
        #expect(Self.upload("/files", [("file", "application/json", #"{"rows": [1, 2]}"#), ("purpose", nil, "batch")]) == [])
        #expect(Self.upload("/files", [("file", "application/json", "{not json"), ("purpose", nil, "batch")]) == [])
        #expect(Self.upload("/files", [("file", "application/x-ndjson", "{}\n{}"), ("purpose", nil, "batch")]) == [])
        #expect(Self.upload("/files", [("file", nil, "\u{1}\u{2}"), ("purpose", nil, "assistants")]) == [])
    }

    @Test func mistakesBesideFilePartsAreStillCaught() {
        #expect(Self.upload("/files", [("file", "application/json", "{}"), ("purpose", nil, "wizardry")]) == ["request.body.schema"])
        #expect(Self.upload("/files", [("purpose", nil, "batch")]) == ["request.body.schema"])
    }

    @Test func partsNamedWithBracketsNestByTheSchema() {
        let file = ("file", "application/octet-stream", "bytes") as (String, String?, String)
        let purpose = ("purpose", nil, "assistants") as (String, String?, String)
        func upload(_ extra: [(String, String?, String)]) -> [String] {
            Self.upload("/files", ([file, purpose] + extra).map { (name: $0.0, type: $0.1, body: $0.2) })
        }
        #expect(upload([("file_link_data[create]", nil, "true"), ("file_link_data[expires_at]", nil, "1700000000")]) == [])
        #expect(upload([("file_link_data[create]", nil, "maybe")]) == ["request.body.schema"])
        #expect(upload([("file_link_data[colour]", nil, "red")]) == ["request.body.schema"])
        #expect(upload([("file_link_data", nil, "x"), ("file_link_data[create]", nil, "true")]) == ["request.body.malformed"])
    }

    @Test func anArrayOfFilesTakesEachPartAsBytes() {
        let masks = [("masks", "application/json", "[1]"), ("masks", "application/json", "{")] as [(String, String?, String)]
        #expect(Self.upload("/images", masks.map { (name: $0.0, type: $0.1, body: $0.2) }) == [])
    }

    @Test func aDeclaredEncodingStillConstrainsTheLabel() {
        #expect(Self.upload("/images", [("image", "image/png", "\u{89}PNG")]) == [])
        #expect(Self.upload("/images", [("image", "application/json", "{}")]) == ["request.body.media-type"])
    }

    @Test func partsTheContractDescribesAsJSONAreStillParsed() {
        #expect(Self.upload("/images", [("options", "application/json", #"{"size": 512}"#)]) == [])
        #expect(Self.upload("/images", [("options", "application/json", #"{"size": "big"}"#)]) == ["request.body.schema"])
        #expect(Self.upload("/images", [("options", "application/json", "{size")]) == ["request.body.malformed"])
    }
}
