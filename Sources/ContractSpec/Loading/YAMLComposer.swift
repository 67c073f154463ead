internal import CLibYAML
import ContractJSON

// Memory safety: a scalar's bytes (`value`, `length`) belong to the libyaml event being consumed, and are
// copied into a `String` before `consume` returns and `YAMLReader` deletes the event.

/// Turns libyaml events into one `JSONValue`, keeping the collections still open on an explicit stack.
struct YAMLComposer {
    /// One open collection. The innermost is the composer's own stored property, so a debug build adds a
    /// member to it with no run-time exclusivity check (a class's properties get one on every access); the
    /// ones around it wait on a stack, pushed and popped once per collection rather than touched per event.
    private struct Collection {
        let isMapping: Bool
        let anchor: String?
        let position: SourcePosition
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        var size = 1
        /// Whether the next scalar is a key: a mapping with no key pending. A stored flag, not a comparison of
        /// an optional with `nil`, which a debug build calls generically for every event.
        var awaitsKey: Bool
        /// The key read and where it stands, while `awaitsKey` is false in a mapping.
        var pendingKey = ""
        var pendingPosition = SourcePosition.unknown
        /// Key → line, kept once a mapping is large enough that scanning its members would cost.
        var index: [String: UInt32]?

        init(isMapping: Bool, anchor: String?, position: SourcePosition) {
            self.isMapping = isMapping
            self.anchor = anchor
            self.position = position
            self.awaitsKey = isMapping
        }
    }

    let path: String
    private var budget: Int
    /// The innermost open collection; at the bottom, a sequence that receives the document's value.
    private var current = Collection(isMapping: false, anchor: nil, position: .unknown)
    /// The collections around `current`, outermost first (the document's holder at the bottom).
    private var enclosing: [Collection] = []
    private var anchors: [String: (value: JSONValue, size: Int)] = [:]
    private var documents = 0

    /// The document read: the one value added at the bottom, or nil before any.
    var result: JSONValue? {
        enclosing.isEmpty ? current.elements.first : enclosing[0].elements.first
    }

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
            if current.awaitsKey {
                if plain, tag == nil, text == "<<" {
                    throw fail("YAML merge keys (<<) are not part of YAML 1.2; write the members out", at: position)
                }
                try beginMember(key: text, at: position)
                return
            }
            let value = Self.resolve(text, tag: tag, plain: plain)
            var anchor: String?
            if let name = scalar.anchor { anchor = String(cString: name) }
            try add(value, size: 1, charge: 1, anchor: anchor, at: position)
        } else if type == YAML_MAPPING_START_EVENT.rawValue {
            var anchor: String?
            if let name = event.data.mapping_start.anchor { anchor = String(cString: name) }
            try open(Collection(isMapping: true, anchor: anchor, position: position))
        } else if type == YAML_SEQUENCE_START_EVENT.rawValue {
            var anchor: String?
            if let name = event.data.sequence_start.anchor { anchor = String(cString: name) }
            try open(Collection(isMapping: false, anchor: anchor, position: position))
        } else if type == YAML_MAPPING_END_EVENT.rawValue || type == YAML_SEQUENCE_END_EVENT.rawValue {
            guard !enclosing.isEmpty else { return }
            // Swapped in, not assigned from a copy: a copy left alive beside `current` (a debug build keeps it
            // to the end of the scope) would share its arrays, and the next member added would copy them all.
            var finished = enclosing.removeLast()
            swap(&finished, &current)
            let value: JSONValue =
                finished.isMapping
                ? .object(JSONObject(members: finished.members, position: finished.position))
                : .array(finished.elements)
            // Its members paid as they were added: the collection itself is one more node.
            try add(value, size: finished.size, charge: 1, anchor: finished.anchor, at: position)
        } else if type == YAML_ALIAS_EVENT.rawValue {
            var name = ""
            if let anchor = event.data.alias.anchor { name = String(cString: anchor) }
            guard let anchored = anchors[name] else { throw fail("alias *\(name) names no anchor", at: position) }
            if current.awaitsKey {
                guard case .string(let key) = anchored.value else {
                    throw fail(
                        "a mapping key must be a plain value, not a collection; JSON has string keys only", at: position
                    )
                }
                try beginMember(key: key, at: position)
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

    private mutating func open(_ collection: Collection) throws(LoadFailure) {
        if current.awaitsKey {
            throw fail(
                "a mapping key must be a plain value, not a collection; JSON has string keys only",
                at: collection.position)
        }
        // The document's holder at the bottom of the stack is not a level of the document.
        if enclosing.count + 1 > YAMLReader.maximumDepth {
            throw fail(
                "nesting deeper than \(YAMLReader.maximumDepth) levels; flatten the document", at: collection.position)
        }
        enclosing.append(current)
        current = collection
    }

    private mutating func beginMember(key: String, at position: SourcePosition) throws(LoadFailure) {
        var earlier: UInt32?
        if let index = current.index {
            earlier = index[key]
        } else {
            // By offset: a `for member in` loop runs the array's iterator unspecialized and copies each member.
            var offset = 0
            while offset < current.members.count {
                if current.members[offset].key == key { earlier = current.members[offset].position.line }
                offset += 1
            }
        }
        if let earlier {
            throw fail(
                "duplicate key '\(key)' in a mapping: first at line \(earlier), again at line \(position.line); keys must be unique, "
                    + "remove or rename one", at: position)
        }
        current.pendingKey = key
        current.pendingPosition = position
        current.awaitsKey = false
    }

    /// Adds a finished value to the open collection (at the bottom, the document's holder). `size` is the
    /// number of nodes the value holds; `charge` is what adding it costs the budget: one node for what the
    /// file spells out, the whole copy for an alias. So only expansion is counted, and a large file without
    /// aliases never runs out.
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
        current.size += size
        guard current.isMapping else {
            current.elements.append(value)
            return
        }
        guard !current.awaitsKey else { return }
        let key = current.pendingKey
        current.members.append(JSONObject.Member(key: key, value: value, position: current.pendingPosition))
        current.awaitsKey = true
        if current.index != nil {
            current.index?[key] = current.pendingPosition.line
        } else if current.members.count >= 12 {
            current.index = Dictionary(
                current.members.map { ($0.key, $0.position.line) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// YAML 1.2 core schema: quoted scalars are strings, plain ones resolve; explicit standard tags win.
    private static func resolve(_ text: String, tag: String?, plain: Bool) -> JSONValue {
        // Most scalars have no tag: answered before the switch compares the tag with each pattern.
        guard let tag else { return plain ? YAMLCoreSchema.resolvePlain(text) : .string(text) }
        switch tag {
        case "!":
            return .string(text)
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
