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
        let schemas = Clinic.document.compiledSchemas
        let map = ContentMap(content, schemas: schemas, shapes: ShapeBuilder(schemas: schemas))
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

    @Test(arguments: [
        ("application/vnd.github+json", "application/json", true),
        ("application/vnd.github.v3+json; charset=utf-8", "application/json", true),
        ("application/json", "application/vnd.api+json", true),
        ("application/vnd.github+json;q=0.5, text/html", "application/json", true),
        ("application/vnd.example+xml", "application/xml", true),
        // q=0 on the exact type outranks the suffix type that also asks for it.
        ("application/vnd.github+json, application/json;q=0", "application/json", false),
        ("application/vnd.github+json;q=0", "application/json", false),
        ("application/vnd.github+xml", "application/json", false),
        ("application/vnd.api+json", "application/problem+json", false),
        ("text/json", "application/vnd.api+json", false),
    ])
    func acceptWithStructuredSyntaxSuffixes(_ accept: String, _ offered: String, _ satisfied: Bool) throws {
        let offered = try #require(MediaTypeName(offered))
        #expect(AcceptHeader(accept).accepts(offered) == satisfied)
    }

    @Test(arguments: [
        ("application/json; charset=utf-8", "application/json", true),
        ("application/json; charset=utf-8", "application/json; charset=UTF-8", true),
        ("application/json; charset=iso-8859-1", "application/json; charset=utf-8", false),
        // A more specific range decides: the one with the parameter excludes, the bare one allows.
        ("application/json, application/json; version=2; q=0", "application/json; version=2", false),
        ("application/json; version=2; q=0, application/json", "application/json; version=1", true),
    ])
    func acceptParametersAreHonoured(_ accept: String, _ offered: String, _ satisfied: Bool) throws {
        let offered = try #require(MediaTypeName(offered))
        #expect(AcceptHeader(accept).accepts(offered) == satisfied)
    }

    @Test func vendorAcceptOnAnOperationDocumentingJSON() {
        let contract = FixtureContract("repositories.yaml")
        let url = "https://api.repos.example.com/repos/o/r/issues/1"
        func kinds(_ accept: String) -> [String] { contract.kinds("GET", url, headers: ["Accept": accept]) }
        #expect(kinds("application/vnd.github+json") == [])
        #expect(kinds("application/vnd.github.v3+json; charset=utf-8") == [])
        #expect(kinds("application/vnd.github.raw+json, */*;q=0.1") == [])
        #expect(kinds("application/xml") == ["request.accept"])
        #expect(kinds("application/vnd.github+json, application/json;q=0") == ["request.accept"])
        #expect(kinds("application/vnd.github+json;q=0") == ["request.accept"])
    }

    @Test func acceptAgainstADocumentedRange() throws {
        let offered = try #require(MediaTypeName("image/*"))
        #expect(AcceptHeader("image/png").accepts(offered))
        #expect(!AcceptHeader("application/pdf").accepts(offered))
    }
}
