import ContractJSON
import Testing

/// How strings are written: RFC 8259's escapes, plus controls and line separators as `\u` escapes.
@Suite struct JSONWriterEscapingTests {
    @Test("every escaped character, between and beside plain runs, ASCII and not")
    func escapes() throws {
        let text = "a\"b\\c\nd\re\tf\u{08}g\u{0C}h\u{01}i\u{1F}j\u{7F}k\u{80}l\u{9F}m\u{A0}n\u{2028}o\u{2029}p\u{2027}é🐕"
        let written = JSONWriter.string(from: .string(text))
        #expect(
            written
                == #""a\"b\\c\nd\re\tf\bg\fh\u0001i\u001fj\u007fk\u0080l\u009fm"# + "\u{A0}n"
                + #"\u2028o\u2029p"# + "\u{2027}é🐕\"")
        #expect(try JSONParser.parse(written) == .string(text))
    }

    @Test("strings with nothing to escape are written as they are, whatever their length")
    func plainRuns() throws {
        for length in [0, 1, 15, 16, 2_700] {
            let text = String(repeating: "x", count: length) + "ü"
            #expect(JSONWriter.string(from: .string(text)) == "\"" + text + "\"")
        }
        #expect(JSONWriter.string(from: .string("\"")) == #""\"""#)
        #expect(JSONWriter.string(from: .string("ends in C2 \u{C2}")) == "\"ends in C2 \u{C2}\"")
    }
}
