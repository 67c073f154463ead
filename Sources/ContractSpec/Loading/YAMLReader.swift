import ContractJSON
import Foundation
import Yams

/// Reads YAML through Yams (libyaml) into `JSONValue`s that remember where every key stands.
///
/// Yams composes the node tree; this type turns it into JSON values by YAML 1.2 core-schema rules,
/// and guards the three ways hostile YAML hurts a loader: nesting deep enough to overflow the
/// stack, aliases that expand exponentially ("billion laughs"), and duplicate keys.
enum YAMLReader {
    /// The deepest nesting accepted, the same as for JSON.
    static let maximumDepth = JSONParser.defaultMaximumDepth
    /// A larger nesting bound from the pre-scan refuses the file before Yams recurses into it.
    static let maximumScannedDepth = 10_000
    /// Yams recurses once per level; this stack comfortably holds `maximumScannedDepth` levels.
    static let composerStackSize = 64 << 20

    static func read(_ text: String, path: String) throws(LoadFailure) -> JSONValue {
        var text = text
        let bound = text.withUTF8 { YAMLNestingScan.upperBound(of: $0, stopAbove: maximumScannedDepth) }
        if bound > maximumScannedDepth {
            throw LoadFailure(
                message: "YAML nesting deeper than \(maximumScannedDepth) levels; flatten the document",
                location: SourceLocation(file: path, line: 1, column: 1))
        }
        let node = try composeOnLargeStack(text, path: path)
        guard let node else { return .null }
        // Each node counts once per time it is reached, so aliases count every time they are used.
        var budget = max(1_000_000, text.utf8.count * 4)
        return try convert(node, path: path, depth: 0, budget: &budget)
    }

    private static func composeOnLargeStack(_ text: String, path: String) throws(LoadFailure) -> Node? {
        let box = ComposeResult()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                box.node = try Parser(yaml: text).singleRoot()
            } catch {
                box.error = error
            }
            finished.signal()
        }
        thread.stackSize = composerStackSize
        thread.start()
        finished.wait()
        if let error = box.error {
            throw translate(error, text: text, path: path)
        }
        return box.node
    }

    private static func convert(_ node: Node, path: String, depth: Int, budget: inout Int) throws(LoadFailure)
        -> JSONValue
    {
        budget -= 1
        if budget < 0 {
            throw LoadFailure(
                message: "aliases expand this YAML far beyond the size of the file (an alias bomb?); "
                    + "write the repeated parts out or use $ref",
                location: location(node.mark, path: path))
        }
        if depth > maximumDepth {
            throw LoadFailure(
                message: "nesting deeper than \(maximumDepth) levels; flatten the document",
                location: location(node.mark, path: path))
        }
        switch node {
        case .scalar(let scalar):
            return resolve(scalar)
        case .sequence(let sequence):
            var elements: [JSONValue] = []
            elements.reserveCapacity(sequence.count)
            for element in sequence {
                elements.append(try convert(element, path: path, depth: depth + 1, budget: &budget))
            }
            return .array(elements)
        case .mapping(let mapping):
            var members: [JSONObject.Member] = []
            members.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                let keyText: String
                switch key {
                case .scalar(let scalar): keyText = scalar.string
                default:
                    throw LoadFailure(
                        message: "a mapping key must be a plain value, not a collection; JSON has string keys only",
                        location: location(key.mark, path: path))
                }
                if keyText == "<<", key.scalar?.style == .plain {
                    throw LoadFailure(
                        message: "YAML merge keys (<<) are not part of YAML 1.2; write the members out",
                        location: location(key.mark, path: path))
                }
                let converted = try convert(value, path: path, depth: depth + 1, budget: &budget)
                members.append(JSONObject.Member(key: keyText, value: converted, position: position(key.mark)))
            }
            return .object(JSONObject(members: members, position: position(mapping.mark)))
        case .alias:
            // Yams substitutes aliases while composing; a leftover alias node names no value.
            throw LoadFailure(message: "unresolved YAML alias", location: location(node.mark, path: path))
        }
    }

    private static func resolve(_ scalar: Node.Scalar) -> JSONValue {
        switch scalar.tag.rawValue {
        case "", "!":
            break
        case "tag:yaml.org,2002:str":
            return .string(scalar.string)
        case "tag:yaml.org,2002:null":
            return .null
        case "tag:yaml.org,2002:bool":
            return YAMLCoreSchema.resolvePlain(scalar.string.lowercased())
        case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float":
            return YAMLCoreSchema.isCoreNumber(scalar.string)
                ? .number(JSONNumber(text: scalar.string)) : .string(scalar.string)
        default:
            break
        }
        // Quoted and block scalars are always strings; only plain ones are resolved.
        guard scalar.style == .plain, scalar.tag.rawValue.isEmpty else { return .string(scalar.string) }
        return YAMLCoreSchema.resolvePlain(scalar.string)
    }

    private static func position(_ mark: Mark?) -> SourcePosition {
        guard let mark else { return .unknown }
        return SourcePosition(line: mark.line, column: mark.column)
    }

    private static func location(_ mark: Mark?, path: String) -> SourceLocation {
        SourceLocation(file: path, position: position(mark))
    }
}

/// Carries Yams's answer back from the composing thread.
private final class ComposeResult: @unchecked Sendable {
    // Written by the composing thread before it signals, read by the caller after it waits:
    // the semaphore orders the two, so no lock is needed.
    var node: Node?
    var error: (any Error)?
}
