import Testing

@testable import ContractVerify

@Suite struct MediaTypeTests {
    @Test func parsesParametersAndSuffixes() throws {
        let type = try #require(MediaTypeName("Application/Problem+JSON ; charset=\"utf-8\"; q=0.5"))
        #expect(type.essence == "application/problem+json")
        #expect(type.suffix == "json")
        #expect(type.isJSON)
        #expect(type.parameter("charset") == "utf-8")
        #expect(type.parameter("q") == "0.5")
        #expect(MediaTypeName("json") == nil)
        #expect(MediaTypeName("/json") == nil)
        #expect(try #require(MediaTypeName("multipart/form-data; boundary=AbC")).parameter("boundary") == "AbC")
    }

    @Test(arguments: [
        ("application/json", "application/json; charset=utf-8", true),
        ("application/json", "application/problem+json", false),
        ("application/*", "application/problem+json", true),
        ("application/*+json", "application/vnd.api+json", true),
        ("application/*+json", "application/xml", false),
        ("*/*", "image/png", true),
        ("image/*", "application/png", false),
        ("text/plain", "text/csv", false),
    ])
    func rangesIncludeTypes(_ range: String, _ actual: String, _ included: Bool) throws {
        let range = try #require(MediaTypeName(range))
        let actual = try #require(MediaTypeName(actual))
        #expect(range.includes(actual) == included)
    }

    @Test func theMostSpecificContentEntryWins() throws {
        let operation = try #require(Clinic.document.operation(id: "createPet"))
        var content = operation.requestBody?.content ?? []
        let json = try #require(content.first)
        for name in ["*/*", "application/*", "application/*+json"] {
            var entry = json
            entry.name = name
            content.insert(entry, at: 0)
        }
        let map = ContentMap(content, schemas: Clinic.document.compiledSchemas)
        func chosen(_ type: String) throws -> String? { map.entry(for: try #require(MediaTypeName(type)))?.media.name }
        #expect(try chosen("application/json; charset=utf-8") == "application/json")
        #expect(try chosen("application/merge-patch+json") == "application/*+json")
        #expect(try chosen("application/xml") == "application/*")
        #expect(try chosen("text/plain") == "*/*")
    }

    @Test(arguments: [
        ("application/json", true), ("*/*", true), ("application/*", true), ("text/csv", false),
        ("application/json;q=0", false), ("application/json;q=0, */*;q=0.1", false),
        ("text/html, */*;q=0.8", true), ("application/xml, application/json;q=0.9", true),
    ])
    func acceptNegotiation(_ accept: String, _ satisfied: Bool) throws {
        let offered = try #require(MediaTypeName("application/json"))
        #expect(AcceptHeader(accept).accepts(offered) == satisfied)
    }

    @Test func acceptAgainstADocumentedRange() throws {
        let offered = try #require(MediaTypeName("image/*"))
        #expect(AcceptHeader("image/png").accepts(offered))
        #expect(!AcceptHeader("application/pdf").accepts(offered))
    }
}
