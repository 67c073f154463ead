import ContractJSON

/// A one-function check that a JSON document is valid against a schema built from plain objects and
/// arrays (`SchemaNode.plainProperties`, `plainItems`) and scalars decided from their bytes, for the
/// commonest body: a client's request as its contract describes it.
///
/// Why a second walk beside `StreamingValidator`: on the fake backend's request path the body is checked
/// inside `URLProtocol.startLoading`, where nearly all the code and data it touches has to be
/// fetched again (the URL loading machinery in between evicts it). There, what a check costs follows the
/// lines it touches more than the instructions it runs: a small body costs several times more the first
/// time in a request than when validated again at once. The general
/// walk spreads over some twenty-five functions of the reader and the validator, each on lines of its own;
/// this one keeps the bytes, the structure and the dispatch in one function and calls out only for a
/// value's own checks (lengths, patterns, formats, bounds), which it shares with the general walk.
///
/// It answers only "valid": anything it does not take in its stride (an escape or a non-ASCII byte in a
/// string, a member no property names, a schema that is not plain, a failing check, malformed JSON, depth)
/// makes it give up, and the caller asks the general walk, which decides and reports. So a `true` here is
/// the general walk's `true`, check for check: the same routes through `$ref`, the same depths, the same
/// `required` and `readOnly`/`writeOnly` rules, and JSON's grammar exactly for what it reads.
struct PlainDocumentCheck: ~Copyable {
    /// The largest document worth the attempt, in bytes: past a few kilobytes the lines a check touches
    /// are a small part of its cost, and a document given up on late is read again by the general walk.
    static let largestDocument = 8_192

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private let context: ValidationContext
    /// The evaluation depth at which it gives up: the schemas' own limit, or the general walk's nesting
    /// limit when that is lower.
    private let maximumDepth: Int

    /// Whether `bytes` is one JSON value that satisfies `root` (with `context` for `readOnly` and
    /// `writeOnly`), as far as this check can tell; `false` means "not decided here", never "invalid".
    static func accepts(
        _ bytes: UnsafeBufferPointer<UInt8>, root: SchemaNode, context: ValidationContext, maximumDepth: Int
    ) -> Bool {
        var check = PlainDocumentCheck(bytes: bytes, context: context, maximumDepth: maximumDepth)
        check.skipWhitespace()
        guard check.value(.passUnretained(root), depth: 0) else { return false }
        check.skipWhitespace()
        return check.offset == bytes.count
    }

    /// `accepts` for a document under `schema`'s root, at its depth limit.
    static func accepts(_ bytes: UnsafeBufferPointer<UInt8>, under schema: CompiledSchema, context: ValidationContext)
        -> Bool
    {
        accepts(bytes, root: schema.root, context: context, maximumDepth: schema.options.maximumDepth)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, context: ValidationContext, maximumDepth: Int) {
        self.bytes = bytes
        self.context = context
        // Each nested container is at least one level deeper, so this also bounds the recursion, as the
        // general walk bounds its own (it builds deeper containers as trees).
        self.maximumDepth = min(maximumDepth, StreamingValidator.maximumStreamedNesting)
    }

    /// Reads the value at the offset, evaluated against `node` at `depth`; whether it surely satisfies it.
    private mutating func value(_ node: Unmanaged<SchemaNode>, depth: Int) -> Bool {
        guard depth < maximumDepth, offset < bytes.count else { return false }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            return object(node, depth: depth)
        case UInt8(ascii: "["):
            guard let items = node._withUnsafeGuaranteedRef({ $0.plainItems }) else { return false }
            offset += 1
            skipWhitespace()
            var count = 0
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
            } else {
                repeat {
                    guard value(items, depth: depth + 1) else { return false }
                    count += 1
                } while separator()
                guard closed(by: UInt8(ascii: "]")) else { return false }
            }
            return node._withUnsafeGuaranteedRef { $0.itemCountHolds(count) }
        case UInt8(ascii: "\""):
            guard node._withUnsafeGuaranteedRef({ $0.decidesStrings }), let content = plainString() else {
                return false
            }
            var string = StringInstance(utf8: content)
            return node._withUnsafeGuaranteedRef { $0.isValid(string: &string) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard node._withUnsafeGuaranteedRef({ $0.decidesNumbers }), let literal = number() else { return false }
            var number = NumberInstance(utf8: literal)
            return node._withUnsafeGuaranteedRef { $0.isValid(number: &number) }
        case UInt8(ascii: "t"):
            return literal("true", type: TypeMask.boolean, node)
        case UInt8(ascii: "f"):
            return literal("false", type: TypeMask.boolean, node)
        case UInt8(ascii: "n"):
            return literal("null", type: TypeMask.null, node)
        default:
            return false
        }
    }

    /// The object at the offset (its `{`) under `node`, followed through `$ref`s to a plain object schema
    /// as the general walk follows them.
    private mutating func object(_ node: Unmanaged<SchemaNode>, depth: Int) -> Bool {
        guard let plain = StreamingValidator.plainObjectSchema(node, depth: depth, maximumDepth: maximumDepth)
        else { return false }
        return members(plain.properties, plain.required, childDepth: plain.childDepth)
    }

    /// The members of the object at the offset against a plain object schema's `properties` and the
    /// `required` list paired with it (the bits of the properties present, as the general walk keeps them).
    private mutating func members(
        _ properties: Unmanaged<PropertiesCheck>, _ required: Unmanaged<RequiredCheck>?, childDepth: Int
    ) -> Bool {
        offset += 1
        skipWhitespace()
        var present: UInt64 = 0
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
        } else {
            repeat {
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\""), let key = plainString() else {
                    return false
                }
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return false }
                offset += 1
                skipWhitespace()
                // A member no property names is left to the general walk (`additionalProperties`).
                let context = context
                guard let declared = properties._withUnsafeGuaranteedRef({ $0.declaredProperty(.bytes(key), context) }),
                    !declared.outOfPlace
                else { return false }
                if declared.index < 64 { present |= 1 << declared.index }
                guard value(declared.node, depth: childDepth) else { return false }
            } while separator()
            guard closed(by: UInt8(ascii: "}")) else { return false }
        }
        guard let required else { return true }
        return required._withUnsafeGuaranteedRef { $0.isSatisfied(present: present, context) }
    }

    /// After a value in a container: past a `,` and the whitespace after it (`true`), or at whatever else
    /// follows (`false`, the offset moved past whitespace only).
    private mutating func separator() -> Bool {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ",") else { return false }
        offset += 1
        skipWhitespace()
        return true
    }

    /// Past the container's closing byte, when it is there.
    private mutating func closed(by closing: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == closing else { return false }
        offset += 1
        return true
    }

    /// The content of the string at the offset (its opening quote) when it is printable ASCII without
    /// escapes; the offset is then past its closing quote. `nil` for any other string.
    private mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        let start = offset + 1
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                offset = index + 1
                return UnsafeBufferPointer(rebasing: bytes[start..<index])
            }
            // A backslash, a control character or a non-ASCII byte: the general walk reads those.
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// The number literal at the offset, when it follows JSON's grammar
    /// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`); the offset is then past it.
    private mutating func number() -> UnsafeBufferPointer<UInt8>? {
        let start = offset
        var index = offset
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            index = digits(from: index)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            guard index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) else { return nil }
            index = digits(from: index + 1)
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { return nil }
            index = digits(from: index)
        }
        offset = index
        return UnsafeBufferPointer(rebasing: bytes[start..<index])
    }

    /// Where the run of digits starting at `index` ends.
    private func digits(from index: Int) -> Int {
        var index = index
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        return index
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// `true`, `false` or `null` at the offset, under a node that asks only for a type (`leafMask`, as the
    /// general walk decides such a value); the offset is then past it.
    private mutating func literal(_ word: StaticString, type: UInt8, _ node: Unmanaged<SchemaNode>) -> Bool {
        guard let mask = node._withUnsafeGuaranteedRef({ $0.leafMask }), mask & type != 0 else { return false }
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { return false }
        offset += count
        return true
    }

    /// Past JSON whitespace (space, tab, line feed, carriage return).
    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): offset += 1
            default: return
            }
        }
    }
}
