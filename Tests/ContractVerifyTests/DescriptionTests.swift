import ContractVerify
import Testing

/// Pins the exact one-line form of a few violations: the text users read in test failures and CI logs.
@Suite struct DescriptionTests {
    func descriptions(_ request: HTTPRequest, _ response: HTTPResponse? = nil) -> [String] {
        let violations =
            response.map { Clinic.verifier.verify(exchange: HTTPExchange(request: request, response: $0)).violations }
            ?? Clinic.verifier.verifyRequest(request).violations
        return violations.map(\.description)
    }

    @Test func routeNotFoundNamesTheNearestPaths() {
        #expect(
            descriptions(ViolationCase.request("GET", "/petz/\(ViolationCase.petId)")) == [
                #"contracts/clinic.yaml: error: GET /v1/petz/8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f: expected a documented path, got /v1/petz/8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f; nearest: /pets/{petId}, /owners/{ownerId}, /pets/{petId}/records"#
            ])
    }

    @Test func methodNotAllowedListsTheMethods() {
        #expect(
            descriptions(ViolationCase.request("DELETE", "/pets")) == [
                "contracts/clinic.yaml:47:5: error: DELETE /v1/pets: expected GET or POST for /pets, got DELETE; a server would answer 405"
            ])
    }

    @Test func bodySchemaViolation() {
        let request = ViolationCase.request(
            "POST", "/pets", body: #"{"name":"Pepper","species":"hamster","ownerId":"\#(ViolationCase.ownerId)"}"#)
        #expect(
            descriptions(request) == [
                #"contracts/clinic.yaml:1168:7: error: [createPet] POST /pets request body $.species: expected one of "dog", "cat", "rabbit", "bird", "reptile", "other", got string "hamster" (#/components/schemas/Species/enum)"#
            ])
    }

    @Test func securityNamesTheSchemesThatWouldHaveSatisfiedIt() {
        #expect(
            descriptions(ViolationCase.request("DELETE", "/pets/\(ViolationCase.petId)", auth: false)) == [
                "contracts/clinic.yaml:345:5: error: [deletePet] DELETE /pets/{petId} request security: expected clinicOAuth (Authorization: Bearer token), got no credentials"
            ])
    }

    @Test func responseBodyViolationInAnotherFile() {
        let request = ViolationCase.request("GET", "/pets/\(ViolationCase.petId)")
        let response = ViolationCase.response(
            404, #"{"type":"https://x.example/p","title":"Not Found","status":"404"}"#,
            headers: [("Content-Type", "application/problem+json")], json: false)
        #expect(
            descriptions(request, response) == [
                #"contracts/schemas/common.yaml:20:7: error: [getPet] GET /pets/{petId} response 404 body $.status: expected integer, got string "404" (common.yaml#/Problem/properties/status/type)"#
            ])
    }

    @Test func violationCarriesItsParts() throws {
        let request = ViolationCase.request("GET", "/pets?limit=0")
        let violation = try #require(Clinic.verifier.verifyRequest(request).violations.first)
        #expect(violation.kind == .parameterSchema)
        #expect(violation.operation?.operationId == "listPets")
        #expect(violation.operation?.description == "[listPets] GET /pets")
        #expect(violation.location.description == "request.query(limit)")
        #expect(violation.keyword == "minimum")
        #expect(violation.schemaPointer == "#/components/parameters/Limit/schema/minimum")
        #expect(violation.expected == "a number at least 1")
        #expect(violation.actual == "integer 0")
        #expect(violation.severity == .error)
    }

    @Test func secretsAreRedacted() throws {
        let options = VerifierOptions(secretNames: ["X-Request-ID"])
        let verifier = ContractVerifier(document: Clinic.document, options: options)
        let request = ViolationCase.request("GET", "/pets", headers: [("X-Request-ID", "secret-value")])
        let violation = try #require(verifier.verifyRequest(request).violations.first)
        #expect(violation.actual == "<redacted>")
        #expect(!violation.description.contains("secret-value"))
        let plain = try #require(Clinic.verifier.verifyRequest(request).violations.first)
        #expect(plain.actual == #"string "secret-value""#)
        #expect(plain.redacted().actual == "<redacted>")
    }

    @Test func anUnreadableBodyIsAWarningNotMissing() throws {
        var request = ViolationCase.request("POST", "/pets", body: "{}")
        request.body = .unavailable
        let verdict = Clinic.verifier.verifyRequest(request)
        #expect(verdict.violations.map(\.kind) == [.bodyUnavailable])
        #expect(verdict.violations.first?.severity == .warning)
        #expect(verdict.isValid)
    }
}

extension DescriptionTests {
    @Test func oneOfViolationKeepsItsBranches() throws {
        let body =
            #"{"kind":"checkup","petId":"\#(ViolationCase.petId)","vetId":"\#(ViolationCase.petId)","#
            + #""startsAt":"2025-03-20T14:30:00Z","durationMinutes":30}"#
        let request = ViolationCase.request(
            "POST", "/appointments", headers: [("Idempotency-Key", "bk_9f2c7e1a4b8d3f60")], body: body)
        let violation = try #require(Clinic.verifier.verifyRequest(request).violations.first)
        #expect(violation.keyword == "oneOf")
        #expect(violation.branches.count == 1)
        #expect(
            violation.branches.first?.errors.first?.description
                == #"expected required property "reason", got object without it (#/components/schemas/CheckupAppointment/allOf/1/required)"#
        )
        #expect(
            violation.description.hasPrefix("contracts/clinic.yaml:1474:7: error: [bookAppointment] POST /appointments request body $: "))
    }
}
