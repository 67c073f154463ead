import ContractExamples
import ContractJSON
import ContractSchema
import ContractSpec
import ContractTestSupport
import Foundation
import Testing

/// The synthesizer on the bundled contract: which source answers, diagnostics, variants, headers.
@Suite("Examples for the clinic contract")
struct ClinicExampleTests {
    static let document: Spec.Document? = {
        let url = Corpus.packageRoot.appendingPathComponent("contracts/clinic.yaml")
        return ContractLoader(rootDirectory: Corpus.packageRoot).load(url, checks: []).document
    }()

    func setup(_ operationId: String) throws -> (ExampleSynthesizer, Spec.Operation) {
        let document = try #require(Self.document)
        return (ExampleSynthesizer(document: document), try #require(document.operation(id: operationId)))
    }

    @Test("a named example, then the media type's first example, then the schema's, then generated")
    func precedence() throws {
        let (synthesizer, listPets) = try setup("listPets")
        let named = try synthesizer.responseBody(for: listPets, exampleName: "lastPage")
        #expect(named.source == .namedExample("lastPage"))
        #expect(named.value["items"] == .array([]))
        #expect(try synthesizer.responseBody(for: listPets).source == .mediaTypeExample("firstPage"))
        let (_, getPet) = try setup("getPet")
        let problem = try synthesizer.responseBody(for: getPet, status: 404)
        #expect(problem.mediaType == "application/problem+json")
        let generated = try synthesizer.responseBody(for: listPets, sources: .generatedOnly)
        #expect(generated.source == .generated)
        #expect(generated.diagnostics.isEmpty)
    }

    @Test("unknown examples, statuses and media types are errors that list what exists")
    func notDeclared() throws {
        let (synthesizer, listPets) = try setup("listPets")
        let unknown = try #require(throws: ExampleError.self) {
            try synthesizer.responseBody(for: listPets, exampleName: "middlePage")
        }
        #expect(
            unknown.message == "listPets response 200 application/json has no example named \"middlePage\" (examples: firstPage, lastPage)")
        let (_, getAppointment) = try setup("getAppointment")
        let status = try #require(throws: ExampleError.self) {
            try synthesizer.responseBody(for: getAppointment, mediaType: "text/csv")
        }
        #expect(status.message == "getAppointment response 200 has no media type text/csv (declared: application/json)")
        let noBody = try #require(throws: ExampleError.self) { try synthesizer.requestBody(for: listPets) }
        #expect(noBody.message == "listPets declares no request body")
    }

    @Test("discriminator: the property holds the mapped name of the generated branch")
    func discriminator() throws {
        let (synthesizer, getAppointment) = try setup("getAppointment")
        var kinds: Set<String> = []
        for seed in 0..<30 {
            let body = try synthesizer.responseBody(for: getAppointment, mode: .random(seed: UInt64(seed)))
            let kind = try #require(body.value["kind"]?.stringValue)
            kinds.insert(kind)
            let expected = ["checkup": "reason", "vaccination": "vaccines", "surgery": "procedure"][kind]
            #expect(body.value[try #require(expected)] != nil)
        }
        #expect(kinds == ["checkup", "vaccination", "surgery"])
    }

    @Test("requests leave readOnly properties out and keep writeOnly ones; responses the reverse")
    func sides() throws {
        let (synthesizer, createOwner) = try setup("createOwner")
        let request = try synthesizer.requestBody(for: createOwner, mode: .full, sources: .generatedOnly)
        #expect(request.value["id"] == nil && request.value["createdAt"] == nil)
        #expect(request.value["portalPassword"] != nil)
        let response = try synthesizer.responseBody(for: createOwner, status: 201, mode: .full, sources: .generatedOnly)
        #expect(response.value["portalPassword"] == nil)
    }

    @Test("response headers: required always, optional unless minimal; values as the simple style writes them")
    func headers() throws {
        let (synthesizer, createPet) = try setup("createPet")
        let minimal = try synthesizer.responseHeaders(for: createPet, status: 201, mode: .minimal)
        #expect(minimal.map(\.name) == ["Location"])
        let full = try synthesizer.responseHeaders(for: createPet, status: 201, mode: .full)
        #expect(full.map(\.name) == ["Location", "ETag"])
        #expect(full[0].text.hasPrefix("https://"))
        #expect(full[1].text.hasPrefix("\"") || full[1].text.hasPrefix("W/\""))
    }

    @Test("the same seed gives the same bytes for a whole response")
    func determinism() throws {
        let (synthesizer, listPets) = try setup("listPets")
        let first = try synthesizer.responseBody(for: listPets, mode: .random(seed: 9), sources: .generatedOnly)
        let again = try ExampleSynthesizer(document: try #require(Self.document)).responseBody(
            for: listPets, mode: .random(seed: 9), sources: .generatedOnly)
        #expect(first.json == again.json)
    }

    @Test("an invalid contract example is reported and replaced, or kept when asked for as is")
    func invalidExample() throws {
        let folder = Scratch.path("examples")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("api.yaml")
        try Data(Self.invalidExampleContract.utf8).write(to: url)
        let document = try #require(ContractLoader(rootDirectory: folder).load(url, checks: []).document)
        let synthesizer = ExampleSynthesizer(document: document)
        let operation = try #require(document.operation(id: "getCount"))
        let body = try synthesizer.responseBody(for: operation)
        #expect(body.source == .generated)
        #expect(
            body.diagnostics.map(\.message) == [
                "media type example \"tooMany\" of getCount response 200 application/json does not match its schema at $.count: expected a number at most 10, got integer 99; a generated value is used instead"
            ])
        #expect(body.diagnostics.first?.location?.position.line == 17)
        let asIs = try synthesizer.responseBody(for: operation, sources: .contractAsIs)
        #expect(asIs.source == .mediaTypeExample("tooMany"))
        #expect(asIs.value["count"] == 99)
    }

    static let invalidExampleContract = """
        openapi: 3.1.0
        info: {title: Count, version: '1'}
        paths:
          /count:
            get:
              operationId: getCount
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema:
                        type: object
                        properties: {count: {type: integer, maximum: 10}}
                      examples:
                        tooMany:
                          value: {count: 99}
        """
}
