import ContractJSON
import Testing

/// Bodies of 1 KB or more share repeated keys and long strings within one parse (`StringCache`),
/// and index large objects with the hashes taken while reading their keys. Every value must read
/// exactly as it is written, whatever was shared, evicted or hashed alike.
@Suite("JSON parser string sharing")
struct JSONParserSharingTests {
    /// Names of every length from 0 to `maximum`, some differing only in their last byte, some
    /// only in their first, so that equal lengths and equal heads are compared to the last byte.
    private static func names(upTo maximum: Int) -> [String] {
        (0...maximum).flatMap { length -> [String] in
            let body = String(decoding: (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }, as: UTF8.self)
            guard length > 0 else { return [body] }
            return [body, String(body.dropLast()) + "Z", "Y" + String(body.dropFirst())]
        }
    }

    @Test("repeated keys and values of every length read as written, in order, near the end too")
    func repeatedStrings() throws {
        let names = Self.names(upTo: 70)
        // Each object repeats the names in a different order, so slots are shared and evicted.
        let objects = (0..<6).map { round in
            let rotated = Array(names[(round * 17 % names.count)...] + names[..<(round * 17 % names.count)])
            return "{" + rotated.map { "\"\($0)\":\"\($0)\"" }.joined(separator: ",") + "}"
        }
        // The last key and value end right at the end of the input, where words cannot be loaded whole.
        for tail in ["a", "abcdefghi", "abcdefghijklmnopq"] {
            let text = "[" + objects.joined(separator: ",") + ",{\"\(tail)\":\"\(tail)\"}]"
            let value = try JSONParser.parse(text)
            let elements = try #require(value.arrayValue)
            #expect(elements.count == objects.count + 1)
            for (round, element) in elements.dropLast().enumerated() {
                let object = try #require(element.objectValue)
                let rotated = Array(names[(round * 17 % names.count)...] + names[..<(round * 17 % names.count)])
                #expect(object.keys == rotated)
                #expect(object.members.map(\.value) == rotated.map { .string($0) })
                for name in names { #expect(object[name] == .string(name)) }
            }
            #expect(elements.last?.objectValue?.members.map(\.key) == [tail])
            #expect(elements.last?[tail] == .string(tail))
        }
    }

    @Test("escaped and non-ASCII keys are not confused with plain ones of the same bytes")
    func escapedKeys() throws {
        let filler = (0..<40).map { "\"pad\($0)\":\($0)" }.joined(separator: ",")
        let text = #"{"# + filler + #","caf\u00e9":1,"café":2,"a\"b":3,"a\\b":4,"é":5,"ab":6,"a":7}"#
        let object = try #require(JSONParser.parse(text).objectValue)
        #expect(Array(object.keys.suffix(7)) == ["café", "café", "a\"b", "a\\b", "é", "ab", "a"])
        #expect(object["café"] == 2)
        #expect(object["a\"b"] == 3)
        #expect(object["a\\b"] == 4)
        #expect(object["pad39"] == 39)
    }

    @Test("a repeated key in a large parsed object: the last wins, every other key is found")
    func repeatedKeyInIndex() throws {
        let members = (0..<60).map { "\"key\($0 % 50)\":\($0)" }.joined(separator: ",")
        let object = try #require(JSONParser.parse("{" + members + "}").objectValue)
        #expect(object.count == 60)
        for index in 0..<50 { #expect(object["key\(index)"] == .number(JSONNumber(index < 10 ? index + 50 : index))) }
        #expect(object.offset(of: "key3") == 53)
        #expect(object["key50"] == nil)
    }

    @Test("a key predicted from the previous object is taken only when exactly the same")
    func predictedKeys() throws {
        // Each object's keys follow the previous object's, except for one that is longer, shorter,
        // escaped or otherwise spelled, so each prediction is tried against a near miss.
        let shapes: [[String]] = [
            ["type", "id", "name", "etag"], ["type", "id", "names", "etag"], ["type", "id", "nam", "etag"],
            ["type", "id", #"name\"x"#, "etag"], ["type", "id", #"n\u0061me"#, "etag"], ["type", "i", "name"],
            ["typ", "id"], ["type", "id", "name", "etag"],
        ]
        let padding = String(repeating: " ", count: 1_024)
        let objects = shapes.map { keys in "{" + keys.map { "\"\($0)\":0" }.joined(separator: ",") + "}" }
        for last in ["{\"type\":0}", "{\"typ\":0}", "{\"type"] {
            let text = padding + "[" + objects.joined(separator: ",") + "," + last + (last.hasSuffix("}") ? "]" : "")
            guard last.hasSuffix("}") else {
                #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
                continue
            }
            let elements = try #require(JSONParser.parse(text).arrayValue)
            let expected = shapes.map { keys in
                keys.map { $0.replacingOccurrences(of: #"\""#, with: "\"").replacingOccurrences(of: #"\u0061"#, with: "a") }
            }
            #expect(elements.dropLast().map { $0.objectValue?.keys ?? [] } == expected)
            #expect(elements.last?.objectValue?.keys == [last == "{\"type\":0}" ? "type" : "typ"])
        }
    }
}
