import Testing

@testable import ContractSpec

/// How path keys split into segments and variables, read from their bytes.
@Suite("Path templates")
struct PathTemplateTests {
    @Test("literal, templated and empty segments, as written")
    func segments() {
        #expect(
            PathTemplate("/pets/{petId}/photos").segments == [
                .literal("pets"), .template([.variable("petId")]), .literal("photos"),
            ])
        #expect(
            PathTemplate("/v{version}/{name}.{ext}").segments == [
                .template([.literal("v"), .variable("version")]),
                .template([.variable("name"), .literal("."), .variable("ext")]),
            ])
        #expect(PathTemplate("/").segments == [.literal("")])
        #expect(PathTemplate("").segments == [.literal("")])
        #expect(PathTemplate("/a//b/").segments == [.literal("a"), .literal(""), .literal("b"), .literal("")])
        #expect(PathTemplate("no-slash/{x}").segments == [.literal("no-slash"), .template([.variable("x")])])
    }

    @Test("braces that open or close nothing stay text")
    func unbalancedBraces() {
        #expect(PathTemplate("/a/{unclosed").segments == [.literal("a"), .template([.literal("{unclosed")])])
        #expect(PathTemplate("/a/x}y{z}").segments == [.literal("a"), .template([.literal("x}y"), .variable("z")])])
        #expect(PathTemplate("/a/{}").variables == [""])
    }

    @Test("non-ASCII segments and names keep their text")
    func nonASCII() {
        let template = PathTemplate("/café/{ñame}/ü{x}")
        #expect(template.text == "/café/{ñame}/ü{x}")
        #expect(
            template.segments == [
                .literal("café"), .template([.variable("ñame")]), .template([.literal("ü"), .variable("x")]),
            ])
        // A `{` followed by a combining mark is one Character, not a brace.
        #expect(PathTemplate("/a/{\u{301}x}").segments == [.literal("a"), .template([.literal("{\u{301}x}")])])
    }

    @Test("a #fragment is dropped from the text and the segments")
    func fragment() {
        let template = PathTemplate("/files/{file_id}#get/{other}")
        #expect(template.text == "/files/{file_id}")
        #expect(template.variables == ["file_id"])
    }
}
