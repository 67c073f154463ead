import ContractJSON
import Testing

/// Lookups in objects large enough to be indexed must mean what a linear `String ==` scan means.
@Suite("JSONObject key index")
struct JSONObjectIndexTests {
    private static func object(_ count: Int, extra: [(String, JSONValue)] = []) -> JSONObject {
        var members = (0..<count).map { JSONObject.Member(key: "key\($0)", value: .number(JSONNumber($0))) }
        members += extra.map { JSONObject.Member(key: $0.0, value: $0.1) }
        return JSONObject(members: members)
    }

    @Test("finds every key of a large object, and misses absent ones", arguments: [11, 12, 40, 1_000])
    func findsKeys(count: Int) {
        let object = Self.object(count)
        for index in 0..<count { #expect(object.offset(of: "key\(index)") == index) }
        #expect(object["key\(count)"] == nil)
        #expect(object["Key0"] == nil)
        #expect(object[""] == nil)
    }

    @Test("in a small object (no index) too, the last of repeated keys wins")
    func repeatedKeysInASmallObject() {
        let object: JSONObject = ["a": 1, "b": 2, "a": 3, "c": 4]
        #expect(object.offset(of: "a") == 2)
        #expect(object["a"] == 3)
        #expect(object.offset(of: "c") == 3)
        #expect(object.offset(of: "d") == nil)
        #expect(JSONObject().offset(of: "a") == nil)
    }

    @Test("the last of repeated keys wins, as in small objects")
    func repeatedKeys() {
        let object = Self.object(20, extra: [("key3", "again")])
        #expect(object["key3"] == "again")
        #expect(object.offset(of: "key3") == 20)
    }

    @Test("non-ASCII keys and lookups keep String equality")
    func nonASCII() {
        let object = Self.object(20, extra: [("caf\u{E9}", 1), ("K", 2)])
        #expect(object["caf\u{E9}"] == 1)
        // Canonically equivalent spellings are equal under String ==, as before the index.
        #expect(object["cafe\u{301}"] == 1)
        #expect(object["\u{212A}"] == 2)
        #expect(object["k"] == nil)
    }

    @Test("appending and removing keep the index right")
    func mutation() {
        var object = Self.object(11)
        for index in 11..<100 { object["key\(index)"] = .number(JSONNumber(index)) }
        for index in 0..<100 { #expect(object.offset(of: "key\(index)") == index) }
        object["key5"] = nil
        #expect(object["key5"] == nil)
        #expect(object.offset(of: "key6") == 5)
        object["\u{E9}t\u{E9}"] = true
        #expect(object["\u{E9}t\u{E9}"] == true)
        #expect(object["key99"] == 99)
    }

    @Test("parsed objects are indexed the same way")
    func parsed() throws {
        let text = "{" + (0..<30).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + ", \"k7\": \"last\"}"
        let value = try JSONParser.parse(text)
        #expect(value["k29"] == 29)
        #expect(value["k7"] == "last")
        #expect(value["k30"] == nil)
    }
}
