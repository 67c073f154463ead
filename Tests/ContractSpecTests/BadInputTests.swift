import ContractJSON
import Foundation
import Testing

@testable import ContractSpec

@Suite("Hostile and broken input")
struct BadInputTests {
    @Test("a 2 GB file is refused before it is read")
    func hugeFile() throws {
        let contract = try TemporaryContract([:])
        try FileManager.default.createDirectory(at: contract.folder, withIntermediateDirectories: true)
        let url = contract.url("huge.yaml")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 2 << 30)  // sparse: no disk is used
        try handle.close()
        let result = contract.load("huge.yaml")
        #expect(result.document == nil)
        #expect(result.diagnostics.first?.message.contains("2048 MiB") == true)
    }

    @Test("a key written twice in a JSON object is an error naming both lines, as in YAML")
    func duplicateJSONKey() throws {
        let contract = try TemporaryContract([
            "api.json": """
            {
              "openapi": "3.1.0",
              "info": {"title": "a", "version": "1"},
              "paths": {
                "/pets": {"get": {"responses": {"200": {"description": "ok"}}}},
                "/owners": {},
                "/pets": {"post": {"responses": {"201": {"description": "made"}}}}
              }
            }
            """,
            "wide.json": """
            {"openapi": "3.1.0", "info": {"title": "a", "version": "1"}, "paths": {},
             "components": {"schemas": {"A": {}, "B": {}, "C": {}, "D": {}, "E": {}, "F": {}, "G": {}, "H": {},
               "I": {}, "J": {}, "K": {}, "L": {}, "M": {}, "C": {"type": "string"}}}}
            """,
            "clean.json": #"{"openapi": "3.1.0", "info": {"title": "a", "version": "1"}, "paths": {"/a": {}, "/b": {}}}"#,
        ])
        #expect(
            contract.messages("api.json") == [
                "api.json:7:5: error: duplicate key '/pets' in an object: first at line 5, again at line 7; keys must "
                    + "be unique, remove or rename one [load.failed]"
            ])
        #expect(contract.messages("wide.json").first?.contains("duplicate key 'C' in an object: first at line 2, again at line 3") == true)
        #expect(contract.load("clean.json").diagnostics.isEmpty)
    }

    @Test("a component schema no operation uses is checked like one in use")
    func unusedComponentSchemas() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths: {}
            components:
              schemas:
                A:
                  type: object
                  required: name
                  properties: 7
                B:
                  type: string
                  minLength: -1
                  pattern: '('
                Fine:
                  type: string
                  pattern: '^[a-z]+$'
            """
        ])
        let errors = contract.load().diagnostics.filter { $0.severity == .error }
            .map { "\($0.location.position.line) \($0.code) \($0.message)" }
        #expect(
            errors.sorted()
                == [
                    "8 schema.compile required must be an array of strings", "9 schema.compile properties must be an object",
                    "12 schema.compile minLength must be a non-negative integer",
                    "13 schema.compile invalid regular expression /(/: unclosed group",
                ].sorted(), "\(errors)")
    }

    @Test("a YAML contract that starts with a UTF-8 byte-order mark loads, as a JSON one does")
    func byteOrderMark() throws {
        let yaml = "\u{FEFF}openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a: {bad: 1}\n"
        let contract = try TemporaryContract(["api.yaml": yaml])
        let result = contract.load()
        #expect(result.document != nil)
        // Lines and columns are those of the text: the mark takes no column.
        #expect(result.diagnostics.map { "\($0.location.position) \($0.code)" } == ["4:8 structure.unknown-field"])
    }

    @Test("malformed JSON is one error with its line and column")
    func malformedJSON() throws {
        let contract = try TemporaryContract([
            "api.json": "{\n  \"openapi\": \"3.1.0\",\n  \"info\": {\"title\": \"x\" \"version\": \"1\"}\n}"
        ])
        let messages = contract.messages("api.json")
        #expect(messages == ["api.json:3:25: error: invalid JSON: expected ',' or '}' in an object, found '\"' [load.failed]"])
    }

    @Test(
        "a JSON file that is not UTF-8 is refused at its bad byte, in a string, a key or between values",
        arguments: [
            (#"{"title": "caf"#, #""}"#, 1, 15), (#"{"caf"#, #"": 1}"#, 1, 6), ("[1,\n  ", "]", 2, 3),
        ])
    func jsonNotUTF8(before: String, after: String, line: Int, column: Int) {
        let bytes = Array(before.utf8) + [0xE9] + Array(after.utf8)
        #expect {
            try DocumentReader.parse(Data(bytes), path: "latin1.json")
        } throws: { error in
            guard let failure = error as? LoadFailure else { return false }
            return failure.message == "the file is not UTF-8 (byte 0xE9 at offset \(before.utf8.count)); save it as UTF-8"
                && failure.location.position == SourcePosition(line: line, column: column)
        }
    }

    @Test("a $ref to a directory is an error at the $ref")
    func referenceToDirectory() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(components: "components:\n  schemas:\n    Pet:\n      $ref: './schemas'\n"),
            "schemas/Pet.yaml": "type: object\n",
        ])
        let messages = contract.messages()
        #expect(messages.count == 1)
        #expect(messages.first?.contains("api.yaml:10:7: error: $ref './schemas'") == true)
        #expect(messages.first?.contains("is a directory") == true)
    }

    @Test("a $ref chain that loops without a schema is an error")
    func referenceLoop() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                components: """
                    components:
                      schemas:
                        A:
                          $ref: '#/components/schemas/B'
                        B:
                          $ref: '#/components/schemas/A'
                    """)
        ])
        #expect(contract.messages().contains { $0.contains("circular $ref chain") })
    }

    @Test("an empty file, a scalar file and a file with no version each get one clear error")
    func notOpenAPI() throws {
        let contract = try TemporaryContract([
            "empty.yaml": "", "scalar.yaml": "hello\n", "other.yaml": "name: x\n", "v4.yaml": "openapi: 4.0.0\n",
        ])
        #expect(contract.messages("empty.yaml").first?.contains("not an OpenAPI document") == true)
        #expect(contract.messages("scalar.yaml").first?.contains("not an OpenAPI document") == true)
        #expect(contract.messages("other.yaml").first?.contains("no 'openapi' or 'swagger' field") == true)
        #expect(
            contract.messages("v4.yaml") == [
                "v4.yaml:1:1: error: unsupported version '4.0.0'; supported: Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x [version.unsupported]"
            ])
    }
}
