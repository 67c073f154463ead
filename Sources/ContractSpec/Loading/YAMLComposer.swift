internal import CLibYAML
import ContractJSON

// Memory safety: a scalar's bytes (`value`, `length`) belong to the libyaml event being consumed, and are
// copied into a `String` before `consume` returns and `YAMLReader` deletes the event.

/// Turns libyaml events into one `JSONValue`, keeping an explicit stack of open collections.
struct YAMLComposer {
    /// One open collection. A class, so that appending to it mutates in place: popping an enum
    /// payload off the stack and pushing it back would copy its arrays on every member.
    private final class Frame {
        let isMapping: Bool
        let anchor: String?
        let position: SourcePosition
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        var size = 1
        var pendingKey: (text: String, position: SourcePosition)?
        /// Key → line, kept once a mapping is large enough that scanning its members would cost.
        var index: [String: UInt32]?

        init(isMapping: Bool, anchor: String?, position: SourcePosition) {
            self.isMapping = isMapping
            self.anchor = anchor
            self.position = position
        }

        var awaitsKey: Bool { isMapping && pendingKey == nil }
    }

    let path: String
    private var budget: Int
    private var stack: [Frame] = []
    private var anchors: [String: (value: JSONValue, size: Int)] = [:]
    private var documents = 0
    private(set) var result: JSONValue?

    init(path: String, expansionBudget: Int) {
        self.path = path
        self.budget = expansionBudget
    }

    // A user's debug build runs this once per node of the contract, unoptimized: so it compares the
    // events' raw values (the imported enums' `==` is generic, called unspecialized), and reads optional
    // C strings (tags, anchors: NUL-terminated, lent while the event lives) with `if let`, not `map` closures.
    mutating func consume(_ event: yaml_event_t) throws(LoadFailure) {
        let position = SourcePosition(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        let type = event.type.rawValue
        if type == YAML_SCALAR_EVENT.rawValue {
            let scalar = event.data.scalar
            // The event owns the scalar's bytes until `yaml_event_delete`, after this call returns.
            var text = ""
            if let bytes = scalar.value {
                text = String(decoding: UnsafeBufferPointer(start: bytes, count: scalar.length), as: UTF8.self)
            }
            var tag: String?
            if let name = scalar.tag { tag = String(cString: name) }
            let plain = scalar.style.rawValue == YAML_PLAIN_SCALAR_STYLE.rawValue
            if let frame = stack.last, frame.awaitsKey {
                if text == "<<", plain, tag == nil {
                    throw fail("YAML merge keys (<<) are not part of YAML 1.2; write the members out", at: position)
                }
                try beginMember(frame, key: text, at: position)
                return
            }
            let value = Self.resolve(text, tag: tag, plain: plain)
            var anchor: String?
            if let name = scalar.anchor { anchor = String(cString: name) }
            try add(value, size: 1, charge: 1, anchor: anchor, at: position)
        } else if type == YAML_MAPPING_START_EVENT.rawValue {
            var anchor: String?
            if let name = event.data.mapping_start.anchor { anchor = String(cString: name) }
            try push(Frame(isMapping: true, anchor: anchor, position: position))
        } else if type == YAML_SEQUENCE_START_EVENT.rawValue {
            var anchor: String?
            if let name = event.data.sequence_start.anchor { anchor = String(cString: name) }
            try push(Frame(isMapping: false, anchor: anchor, position: position))
        } else if type == YAML_MAPPING_END_EVENT.rawValue || type == YAML_SEQUENCE_END_EVENT.rawValue {
            guard !stack.isEmpty else { return }
            let frame = stack.removeLast()
            let value: JSONValue =
                frame.isMapping
                ? .object(JSONObject(members: frame.members, position: frame.position)) : .array(frame.elements)
            // Its members paid as they were added: the collection itself is one more node.
            try add(value, size: frame.size, charge: 1, anchor: frame.anchor, at: position)
        } else if type == YAML_ALIAS_EVENT.rawValue {
            var name = ""
            if let anchor = event.data.alias.anchor { name = String(cString: anchor) }
            guard let anchored = anchors[name] else { throw fail("alias *\(name) names no anchor", at: position) }
            if let frame = stack.last, frame.awaitsKey {
                guard case .string(let key) = anchored.value else {
                    throw fail(
                        "a mapping key must be a plain value, not a collection; JSON has string keys only", at: position
                    )
                }
                try beginMember(frame, key: key, at: position)
                return
            }
            // An alias stands for a copy of everything below its anchor: that is what the budget pays for.
            try add(anchored.value, size: anchored.size, charge: anchored.size, anchor: nil, at: position)
        } else if type == YAML_DOCUMENT_START_EVENT.rawValue {
            documents += 1
            if documents > 1 {
                throw fail("the file holds more than one YAML document; a contract is one document", at: position)
            }
        }
    }

    private mutating func push(_ frame: Frame) throws(LoadFailure) {
        if let parent = stack.last, parent.awaitsKey {
            throw fail(
                "a mapping key must be a plain value, not a collection; JSON has string keys only", at: frame.position)
        }
        if stack.count >= YAMLReader.maximumDepth {
            throw fail(
                "nesting deeper than \(YAMLReader.maximumDepth) levels; flatten the document", at: frame.position)
        }
        stack.append(frame)
    }

    private func beginMember(_ frame: Frame, key: String, at position: SourcePosition) throws(LoadFailure) {
        var earlier: UInt32?
        if let index = frame.index {
            earlier = index[key]
        } else {
            for member in frame.members where member.key == key { earlier = member.position.line }
        }
        if let earlier {
            throw fail(
                "duplicate key '\(key)' in a mapping: first at line \(earlier), again at line \(position.line); keys must be unique, "
                    + "remove or rename one", at: position)
        }
        frame.pendingKey = (key, position)
    }

    /// Adds a finished value to the open collection, or makes it the document. `size` is the number of nodes
    /// the value holds; `charge` is what adding it costs the budget: one node for what the file spells out,
    /// the whole copy for an alias. So only expansion is counted, and a large file without aliases never
    /// runs out.
    private mutating func add(
        _ value: JSONValue, size: Int, charge: Int, anchor: String?, at position: SourcePosition
    ) throws(LoadFailure) {
        budget -= charge
        if budget < 0 {
            throw fail(
                "aliases expand this YAML far beyond the size of the file (an alias bomb?); write the parts out or use $ref",
                at: position)
        }
        if let anchor { anchors[anchor] = (value, size) }
        guard let frame = stack.last else {
            result = value
            return
        }
        frame.size += size
        guard frame.isMapping else {
            frame.elements.append(value)
            return
        }
        guard let key = frame.pendingKey else { return }
        frame.members.append(JSONObject.Member(key: key.text, value: value, position: key.position))
        frame.pendingKey = nil
        if frame.index != nil {
            frame.index?[key.text] = key.position.line
        } else if frame.members.count >= 12 {
            frame.index = Dictionary(
                frame.members.map { ($0.key, $0.position.line) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// YAML 1.2 core schema: quoted scalars are strings, plain ones resolve; explicit standard tags win.
    private static func resolve(_ text: String, tag: String?, plain: Bool) -> JSONValue {
        switch tag {
        case nil, "!":
            return plain && tag == nil ? YAMLCoreSchema.resolvePlain(text) : .string(text)
        case "tag:yaml.org,2002:str":
            return .string(text)
        case "tag:yaml.org,2002:null":
            return .null
        case "tag:yaml.org,2002:bool":
            return YAMLCoreSchema.resolvePlain(text.lowercased())
        case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float":
            return YAMLCoreSchema.isCoreNumber(text) ? .number(JSONNumber(text: text)) : .string(text)
        default:
            return plain ? YAMLCoreSchema.resolvePlain(text) : .string(text)
        }
    }

    private func fail(_ message: String, at position: SourcePosition) -> LoadFailure {
        LoadFailure(message: message, location: SourceLocation(file: path, position: position))
    }
}
