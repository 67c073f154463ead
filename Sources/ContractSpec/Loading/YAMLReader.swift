internal import CLibYAML
import ContractJSON

// Memory safety: libyaml reads the input (never a null pointer) only inside `yaml_parser_parse`, while the
// caller's `Data.withUnsafeBytes` still lends it, and each event is deleted only after `YAMLComposer.consume`
// returns.

/// Reads YAML with the system libyaml straight into `JSONValue`s that remember where every key stands.
///
/// It consumes libyaml's event stream with an explicit stack instead of composing a node tree:
/// no recursion, so a hostile file nested 100,000 levels deep is refused at `maximumDepth` (whether
/// or not the installed libyaml has a nesting limit of its own) instead of overflowing the stack;
/// no intermediate tree, so it runs faster than `Yams.compose` alone; aliases are counted as they
/// expand ("billion laughs" is refused); duplicate keys name both lines; and plain scalars resolve by
/// the YAML 1.2 core schema.
enum YAMLReader {
    /// The deepest nesting accepted, the same as for JSON.
    static let maximumDepth = JSONParser.defaultMaximumDepth

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(LoadFailure) -> JSONValue {
        // libyaml asserts that its input pointer is not null, which an empty buffer's may be; libyaml reads an
        // empty stream as no document, which is null.
        guard let base = bytes.baseAddress else { return .null }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw LoadFailure(
                message: "cannot start the YAML parser (out of memory)",
                location: SourceLocation(file: path, line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        // libyaml reads `bytes` only in the `yaml_parser_parse` calls below, while the caller keeps them alive.
        yaml_parser_set_input_string(&parser, base, bytes.count)
        var composer = YAMLComposer(path: path, expansionBudget: max(1_000_000, bytes.count * 4))
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw failure(from: parser, path: path)
            }
            defer { yaml_event_delete(&event) }
            // Raw values: the imported enum's `==` is generic, which a debug build calls unspecialized.
            if event.type.rawValue == YAML_STREAM_END_EVENT.rawValue { break }
            try composer.consume(event)
        }
        return composer.result ?? .null
    }

    private static func failure(from parser: yaml_parser_t, path: String) -> LoadFailure {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        var message = "invalid YAML: \(problem)"
        if let context = parser.context {
            message += " (\(String(cString: context)) at line \(parser.context_mark.line + 1))"
        }
        let position = SourcePosition(
            line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        return LoadFailure(message: message, location: SourceLocation(file: path, position: position))
    }
}
