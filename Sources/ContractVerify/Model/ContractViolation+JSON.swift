import ContractJSON
import ContractSchema

extension ContractViolation {
    /// The violation as a JSON object, for `--format json`, recordings and reports: every field, plus
    /// `message` and the one-line `description`. Absent fields are left out rather than `null`.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["kind"] = .string(kind.rawValue)
        object["severity"] = .string(severity.rawValue)
        if let operation {
            var reference = JSONObject()
            if let operationId = operation.operationId { reference["operationId"] = .string(operationId) }
            reference["method"] = .string(operation.method)
            reference["path"] = .string(operation.path)
            object["operation"] = .object(reference)
        }
        object["request"] = .string(requestLine)
        object["location"] = .string(location.description)
        if let instancePath {
            object["instancePath"] = .string(instancePath.description)
            object["instancePointer"] = .string(instancePath.pointer.description)
        }
        if let keyword { object["keyword"] = .string(keyword) }
        if let schemaLocation { object["schemaLocation"] = .string(schemaLocation.description) }
        if let schemaPointer { object["schemaPointer"] = .string(schemaPointer) }
        object["file"] = .string(sourceLocation.file)
        if sourceLocation.position.isKnown {
            object["line"] = .number(JSONNumber(Int(sourceLocation.position.line)))
            object["column"] = .number(JSONNumber(Int(sourceLocation.position.column)))
        }
        if let expected { object["expected"] = .string(expected) }
        if let actual { object["actual"] = .string(actual) }
        if let hint { object["hint"] = .string(hint) }
        object["message"] = .string(message)
        object["description"] = .string(description)
        if !branches.isEmpty { object["branches"] = .array(branches.map(Self.json)) }
        return .object(object)
    }

    private static func json(_ branch: SchemaValidationError.Branch) -> JSONValue {
        [
            "index": .number(JSONNumber(branch.index)),
            "schemaLocation": .string(branch.schemaLocation.description),
            "errors": .array(branch.errors.map(json)),
        ]
    }

    private static func json(_ error: SchemaValidationError) -> JSONValue {
        var object: JSONObject = [
            "instancePath": .string(error.instancePath.description),
            "keyword": .string(error.keyword),
            "schemaLocation": .string(error.schemaLocation.description),
            "expected": .string(error.expected),
            "actual": .string(error.actual),
        ]
        if !error.branches.isEmpty { object["branches"] = .array(error.branches.map(json)) }
        return .object(object)
    }
}
