import ContractJSON

/// Generates a large, valid OpenAPI 3.1 contract so the load benchmark runs anywhere:
/// at scale 1, 1,000 paths, 3,000 operations and 1,500 schemas (about 5 MB of YAML).
enum SyntheticContract {
    static func generate(scale: Int) -> (yaml: String, json: String) {
        let document = build(paths: 1_000 * scale, schemas: 1_500 * scale)
        return (BlockYAMLWriter.string(from: document), JSONWriter.string(from: document, style: .pretty))
    }

    private static func build(paths: Int, schemas: Int) -> JSONValue {
        var schemaMembers: [JSONObject.Member] = []
        for index in 0..<schemas {
            let properties: JSONValue = [
                "id": ["type": "string", "format": "uuid", "readOnly": true],
                "name": [
                    "type": "string", "minLength": 1, "maxLength": 120,
                    "description": .string("Display name of item \(index)"),
                ],
                "count": ["type": "integer", "format": "int32", "minimum": 0],
                "price": ["type": "number", "multipleOf": 0.01],
                "status": ["type": "string", "enum": ["active", "inactive", "archived"]],
                "createdAt": ["type": "string", "format": "date-time"],
                "note": ["type": ["string", "null"]],
                "related": index > 0 ? ["$ref": .string("#/components/schemas/Model\(index - 1)")] : ["type": "object"],
            ]
            let schema: JSONValue = [
                "type": "object", "required": ["id", "name"], "properties": properties, "additionalProperties": false,
            ]
            schemaMembers.append(JSONObject.Member(key: "Model\(index)", value: schema))
        }
        var pathMembers: [JSONObject.Member] = []
        for index in 0..<paths {
            let model = "#/components/schemas/Model\(index % schemas)"
            let ok: JSONValue = [
                "description": "OK", "content": ["application/json": ["schema": ["$ref": .string(model)]]],
            ]
            let notFound: JSONValue = [
                "description": "Not found",
                "content": ["application/problem+json": ["schema": ["$ref": "#/components/schemas/Problem"]]],
            ]
            let idParameter: JSONValue = ["name": "id", "in": "path", "required": true, "schema": ["type": "string"]]
            let item: JSONValue = [
                "parameters": [idParameter],
                "get": ["operationId": .string("get\(index)"), "responses": ["200": ok, "404": notFound]],
                "put": [
                    "operationId": .string("put\(index)"),
                    "requestBody": [
                        "required": true, "content": ["application/json": ["schema": ["$ref": .string(model)]]],
                    ],
                    "responses": ["200": ok, "404": notFound],
                ],
                "delete": [
                    "operationId": .string("delete\(index)"),
                    "responses": ["204": ["description": "Deleted"], "404": notFound],
                ],
            ]
            pathMembers.append(JSONObject.Member(key: "/resource\(index)/{id}", value: item))
        }
        schemaMembers.append(
            JSONObject.Member(
                key: "Problem",
                value: ["type": "object", "properties": ["title": ["type": "string"], "status": ["type": "integer"]]]))
        return [
            "openapi": "3.1.0",
            "info": ["title": "Synthetic benchmark API", "version": "1.0.0"],
            "servers": [["url": "https://api.example.com/v1"]],
            "paths": .object(JSONObject(members: pathMembers)),
            "components": ["schemas": .object(JSONObject(members: schemaMembers))],
        ]
    }
}

/// Writes JSON values as block-style YAML (strings always double-quoted, which is valid YAML and JSON-escaped).
enum BlockYAMLWriter {
    static func string(from value: JSONValue) -> String {
        var output = ""
        write(value, into: &output, indent: 0)
        return output
    }

    private static func write(_ value: JSONValue, into output: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent)
        switch value {
        case .object(let object) where !object.isEmpty:
            for member in object.members {
                output += pad
                JSONWriter.writeString(member.key, into: &output)
                output += ":"
                writeNested(member.value, into: &output, indent: indent)
            }
        case .array(let array) where !array.isEmpty:
            for element in array {
                output += pad + "-"
                writeNested(element, into: &output, indent: indent)
            }
        default:
            output += pad + JSONWriter.string(from: value) + "\n"
        }
    }

    private static func writeNested(_ value: JSONValue, into output: inout String, indent: Int) {
        switch value {
        case .object(let object) where !object.isEmpty:
            output += "\n"
            write(value, into: &output, indent: indent + 1)
        case .array(let array) where !array.isEmpty:
            output += "\n"
            write(value, into: &output, indent: indent + 1)
        default:
            output += " " + JSONWriter.string(from: value) + "\n"
        }
    }
}
