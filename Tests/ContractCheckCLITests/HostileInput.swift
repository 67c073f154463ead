import Foundation
import Testing

/// One hostile input class: files generated for the case (never stored in the repository), the
/// `contract-check` command run on them, the outcome it must have and the CPU time and memory it may use.
struct HostileInput: Sendable, CustomTestStringConvertible {
    let name: String
    /// The files, by name, written into a fresh folder.
    let files: @Sendable () -> [String: [UInt8]]
    /// The arguments; one starting with `@` names a file of `files` and becomes its absolute path.
    let arguments: [String]
    let status: Int32
    /// Text the output must contain, and text it must not (a secret, a C function's name, a loop message).
    var contains: [String] = []
    var excludes: [String] = []
    /// How many times `contains`' first entry may appear (an error reported once).
    var occurrences: Int?
    var cpuSeconds: Double = 10
    var memoryMiB: Double = 256

    var testDescription: String { name }
}

/// Builders for the generated files.
enum HostileText {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func nested(_ depth: Int) -> [UInt8] {
        bytes(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    }

    /// A small valid contract, then `tail` (more top-level YAML).
    static func contract(_ tail: String = "") -> [UInt8] {
        bytes("openapi: 3.1.0\ninfo: {title: Hostile, version: '1'}\npaths: {}\n" + tail)
    }

    /// A recording line (`Recording.line`'s layout) of a POST to /upload answered 204.
    static func recordingLine(
        body: [UInt8], contentType: String, query: String = "", headers: [(String, String)] = []
    ) -> String {
        let fields = ([("Content-Type", contentType)] + headers).map { "[\(quoted($0.0)), \(quoted($0.1))]" }
        return """
            {"version": 1, "request": {"method": "POST", "url": "https://api.example.com/upload\(query)", \
            "headers": [\(fields.joined(separator: ", "))], "body": "\(Data(body).base64EncodedString())"}, \
            "response": {"status": 204, "headers": [], "body": ""}}
            """
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The contract the recordings are verified against: an upload taking multipart or JSON, an API key in
    /// the query and a session cookie.
    static let uploadContract = bytes(
        """
        openapi: 3.1.0
        info: {title: Uploads, version: '1'}
        servers: [{url: 'https://api.example.com'}]
        components:
          securitySchemes:
            key: {type: apiKey, in: query, name: api_key}
        paths:
          /upload:
            post:
              operationId: upload
              security: [{key: []}]
              parameters:
                - {name: api_key, in: query, schema: {type: string, maxLength: 3}}
                - {name: session, in: cookie, schema: {type: string, maxLength: 3}}
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema: {type: object, required: [file], properties: {file: {type: string, format: binary}}}
                  application/json:
                    schema: {type: object, properties: {password: {type: string, maxLength: 3}}}
              responses:
                '204': {description: done}

        """)

    /// A contract whose one operation, `getX`, answers 200 with a JSON body of `schema` (YAML, written as
    /// the value of `schema:`), then `components` (YAML lines, indented as under `components:`).
    static func oneOperation(schema: String, components: String = "") -> String {
        """
        openapi: 3.1.0
        info: {title: One operation, version: '1'}
        paths:
          /x:
            get:
              operationId: getX
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: \(schema)

        """ + (components.isEmpty ? "" : "components:\n  schemas:\n" + components)
    }

    /// Component schemas S0 → S1 → … → S(length-1), the last a string of at most 3 characters, used by one
    /// operation through S0.
    static func referenceChain(_ length: Int) -> [UInt8] {
        var schemas = ""
        schemas.reserveCapacity(length * 48)
        for index in 0..<(length - 1) {
            schemas += "    S\(index): {$ref: '#/components/schemas/S\(index + 1)'}\n"
        }
        schemas += "    S\(length - 1): {type: string, maxLength: 3}\n"
        return bytes(oneOperation(schema: "{$ref: '#/components/schemas/S0'}", components: schemas))
    }

    /// Ten levels of ten aliases each: 10^10 scalars once expanded, from a file of under a kilobyte.
    static let aliasBomb: [UInt8] = {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1..<10 {
            let aliases = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("a\(level): &a\(level) [" + aliases + "]")
        }
        return bytes(lines.joined(separator: "\n") + "\n")
    }()
}
