import ContractJSON
import ContractVerify
import Testing

@Suite struct OutputTests {
    @Test func violationAsJSON() throws {
        let request = ViolationCase.request("GET", "/pets?limit=0")
        let violation = try #require(Clinic.verifier.verifyRequest(request).violations.first)
        let json = violation.jsonValue
        #expect(json["kind"] == "request.parameter.schema")
        #expect(json["severity"] == "error")
        #expect(json["operation"]?["operationId"] == "listPets")
        #expect(json["operation"]?["path"] == "/pets")
        #expect(json["request"] == "GET /v1/pets")
        #expect(json["location"] == "request.query(limit)")
        #expect(json["keyword"] == "minimum")
        #expect(json["schemaPointer"] == "#/components/parameters/Limit/schema/minimum")
        #expect(json["file"] == "contracts/clinic.yaml")
        #expect(json["line"]?.numberValue?.int64Value ?? 0 > 0)
        #expect(json["description"]?.stringValue == violation.description)
        #expect(json["hint"] == nil)
    }

    @Test func unreadableResponseBodyIsAWarning() throws {
        let request = ViolationCase.request("GET", "/pets/\(ViolationCase.petId)")
        var response = ViolationCase.response(200, ViolationCase.pet)
        response.body = .unavailable
        let verdict = Clinic.verifier.verify(exchange: HTTPExchange(request: request, response: response))
        #expect(verdict.violations.map(\.kind) == [.responseBodyUnavailable])
        #expect(verdict.isValid)
    }

    @Test func headResponsesCarryNoBody() {
        let request = ViolationCase.request("HEAD", "/pets/\(ViolationCase.petId)")
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json", "ETag": "\"a\""])
        #expect(Clinic.verifier.verify(exchange: HTTPExchange(request: request, response: response)).violations.isEmpty)
    }

    @Test func formBodyWithDeepObjectField() throws {
        let document = try RoutingTests.load(
            """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths:
              /f:
                post:
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            name: {type: string}
                            range: {type: object, properties: {from: {type: integer}, to: {type: integer}}, additionalProperties: false}
                        encoding:
                          range: {style: deepObject, explode: true}
                  responses: {'204': {description: ok}}
            """)
        let verifier = ContractVerifier(document: document)
        func kinds(_ body: String) -> [ViolationKind] {
            let request = HTTPRequest(
                method: "POST", path: "/f", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: HTTPBody(text: body))
            return verifier.verifyRequest(request).violations.map(\.kind)
        }
        #expect(kinds("name=a&range%5Bfrom%5D=1&range[to]=5") == [])
        #expect(kinds("range[from]=x") == [.bodySchema])
        #expect(kinds("range[step]=2") == [.bodySchema])
        #expect(kinds("range=1") == [.bodyMalformed])
    }
}
