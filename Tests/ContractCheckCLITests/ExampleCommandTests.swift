import Foundation
import Testing

extension CLITests {
    @Test("example prints a generated body as pretty JSON, the same for the same seed")
    func exampleGenerated() throws {
        let arguments = ["example", "contracts/clinic.yaml", "--operation", "getAppointment", "--seed", "3"]
        let first = try run(arguments)
        #expect(first.status == 0)
        #expect(first.output.hasPrefix("{\n  \"kind\": "))
        #expect(try run(arguments).output == first.output)
    }

    @Test("example --request and METHOD /path, --status picks the response, --example the named one")
    func exampleRequestAndStatus() throws {
        let request = try run(["example", "contracts/clinic.yaml", "--operation", "POST /pets", "--request"])
        #expect(request.status == 0)
        #expect(request.output.contains("\"name\": \"Pepper\""))
        let named = try run(["example", "contracts/clinic.yaml", "--operation", "listPets", "--example", "lastPage"])
        #expect(named.output.contains("\"items\": []"))
        let problem = try run(["example", "contracts/clinic.yaml", "--operation", "getPet", "--status", "404"])
        #expect(problem.output.contains("\"status\": 404"))
    }

    @Test(
        "example usage errors exit 64",
        arguments: [
            ["example", "contracts/clinic.yaml", "--operation", "nope"],
            ["example", "contracts/clinic.yaml", "--operation", "getPet", "--mode", "huge"],
            ["example", "contracts/clinic.yaml", "--operation", "getPet", "--media-type", "text/csv"],
            ["example", "contracts/clinic.yaml", "--operation", "listPets", "--example", "middlePage"],
        ])
    func exampleUsage(arguments: [String]) throws {
        #expect(try run(arguments).status == 64)
    }

    @Test("example of an unsatisfiable schema exits 1 and names it")
    func exampleUnsatisfiable() throws {
        let folder = try temporaryFolder([
            "api.yaml": """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths:
              /x:
                get:
                  operationId: getX
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema: {type: string, minLength: 5, maxLength: 2}
            """
        ])
        let result = try run(["example", "api.yaml", "--operation", "getX"], in: folder)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("api.yaml:12:"))
        #expect(result.output.hasSuffix(": error: unsatisfiable schema: minLength 5 is greater than maxLength 2\n"))
    }

    @Test("example --help")
    func exampleHelp() throws {
        let result = try run(["example", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--operation"))
    }
}
