import ContractJSON
import Foundation
import Testing

@testable import ContractSpec

@Suite("YAML reading")
struct YAMLLoadingTests {
    private func read(_ text: String) throws -> JSONValue {
        try DocumentReader.parse(Data(text.utf8), path: "test.yaml").value
    }

    @Test("YAML 1.1 booleans and country codes stay strings under the 1.2 core schema")
    func coreSchemaStrings() throws {
        let value = try read("a: yes\nb: no\nc: on\nd: off\ne: NO\nf: =\ng: ~ab\nh: y\n")
        for key in ["a", "b", "c", "d", "e", "f", "g", "h"] {
            #expect(value[key]?.stringValue != nil, "\(key) should be a string, got \(String(describing: value[key]))")
        }
        #expect(value["e"]?.stringValue == "NO")
    }

    @Test("an empty buffer without an address reads as null (libyaml refuses a null input pointer)")
    func emptyBufferWithoutAddress() throws {
        #expect(try YAMLReader.read(UnsafeBufferPointer(start: nil, count: 0), path: "empty.yaml") == .null)
        #expect(try read("") == .null)
    }

    @Test("numbers keep their text; null and booleans resolve")
    func coreSchemaNumbers() throws {
        let value = try read("a: 1.0\nb: 1e3\nc: 0x1F\nd: ~\ne: true\nf: '1.0'\ng: 0o17\nh: -.5\ni: 12345678901234567890123\n")
        #expect(value["a"]?.numberValue?.text == "1.0")
        #expect(value["b"]?.numberValue?.text == "1e3")
        #expect(value["c"]?.numberValue?.text == "0x1F")
        #expect(value["c"]?.numberValue?.int64Value == 31)
        #expect(value["d"] == .null)
        #expect(value["e"] == .bool(true))
        #expect(value["f"] == .string("1.0"))
        #expect(value["g"]?.numberValue?.int64Value == 15)
        #expect(value["h"]?.numberValue?.text == "-.5")
        #expect(value["i"]?.numberValue?.text == "12345678901234567890123")
    }

    @Test("keys remember their line and column")
    func positions() throws {
        let value = try read("openapi: 3.1.0\ninfo:\n  title: x\n")
        #expect(JSONPointer("/info/title")?.position(in: value) == SourcePosition(line: 3, column: 3))
    }

    @Test("a duplicate key is an error naming both lines")
    func duplicateKeys() {
        #expect {
            try read("info:\n  title: a\n  version: 1\n  title: b\n")
        } throws: { error in
            let failure = error as? LoadFailure
            return failure?.message.contains("first at line 2, again at line 4") == true && failure?.location.position.line == 4
        }
    }

    @Test("an alias bomb is refused quickly")
    func billionLaughs() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        #expect {
            try read(text)
        } throws: { error in
            (error as? LoadFailure)?.message.contains("alias bomb") == true
        }
    }

    @Test("a large file without aliases is never an alias bomb, however deep its big values sit")
    func largeFileWithoutAliases() throws {
        // A million zeros, eight levels down: every level holds the whole array again.
        let zeros = Array(repeating: "0", count: 1_000_000).joined(separator: ", ")
        let text = "a:\n  b:\n    c:\n      d:\n        e:\n          f:\n            g:\n              h: [\(zeros)]\n"
        let value = try read(text)
        #expect(value["a"]?["b"]?["c"]?["d"]?["e"]?["f"]?["g"]?["h"]?.arrayValue?.count == 1_000_000)
        // The same size reached through aliases is still refused.
        var bomb = "a0: &a0 [\(Array(repeating: "0", count: 1_000).joined(separator: ", "))]\n"
        bomb += "a1: [\(Array(repeating: "*a0", count: 5_000).joined(separator: ", "))]\n"
        #expect {
            try read(bomb)
        } throws: { error in
            (error as? LoadFailure)?.message.contains("alias bomb") == true
        }
    }

    /// Documents nested past 1,000 levels, and the line of the level that passes it.
    static let deepDocuments: [String: (text: String, line: Int)] = [
        "flow, 100,000 levels": ("a: " + String(repeating: "[", count: 100_000) + "x", 1),
        "flow, 1,001 levels": ("a: " + String(repeating: "[", count: 1_001) + String(repeating: "]", count: 1_001), 1),
        "block, 1,200 levels": ((0..<1_200).map { String(repeating: " ", count: $0) + "a:\n" }.joined() + "b", 1_001),
    ]

    /// The reader's own limit, the same whatever nesting limit the installed libyaml has, if any.
    @Test("nesting past 1,000 levels is refused at the level that passes it", arguments: deepDocuments.keys.sorted())
    func deepNesting(shape: String) throws {
        let document = try #require(Self.deepDocuments[shape])
        #expect {
            try read(document.text)
        } throws: { error in
            let failure = error as? LoadFailure
            return failure?.message == "nesting deeper than 1000 levels; flatten the document"
                && failure.map { Int($0.location.position.line) } == document.line
        }
    }

    @Test("nesting of 1,000 levels is read")
    func nestingAtTheLimit() throws {
        let value = try read("a: " + String(repeating: "[", count: 999) + "x" + String(repeating: "]", count: 999))
        var depth = 1
        var current = value["a"]
        while case .array(let elements)? = current {
            depth += 1
            current = elements.first
        }
        #expect(depth == 1_000)
        #expect(current == .string("x"))
    }

    @Test("block sequence entries on a mapping's line are a syntax error naming the place")
    func blockSequenceOnAKeyLine() {
        #expect {
            try read("a: " + String(repeating: "- ", count: 100_000) + "x")
        } throws: { error in
            let failure = error as? LoadFailure
            return failure?.message == "invalid YAML: block sequence entries are not allowed in this context"
                && failure?.location.position == SourcePosition(line: 1, column: 4)
        }
    }

    @Test("malformed YAML names the line")
    func malformed() {
        #expect {
            try read("a: [1, 2\nb: 3\n")
        } throws: { error in
            guard let failure = error as? LoadFailure else { return false }
            return failure.message.hasPrefix("invalid YAML") && failure.location.position.line >= 1
        }
    }

    @Test("a file that is not UTF-8 is refused with the place of the bad byte")
    func notUTF8() {
        var bytes = Array("title: caf".utf8)
        bytes.append(0xE9)
        #expect {
            try DocumentReader.parse(Data(bytes), path: "latin1.yaml")
        } throws: { error in
            guard let failure = error as? LoadFailure else { return false }
            return failure.message.contains("not UTF-8") && failure.location.position == SourcePosition(line: 1, column: 11)
        }
    }

    @Test("merge keys are refused: they are not YAML 1.2")
    func mergeKeys() {
        #expect(throws: LoadFailure.self) { try read("base: &b {x: 1}\nderived:\n  <<: *b\n") }
    }
}
