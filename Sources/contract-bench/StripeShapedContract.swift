import ContractJSON

/// Generates an OpenAPI 3.0 contract shaped like Stripe's description, about 4 MB of YAML at scale 1:
/// 800 component schemas that point at each other through expandable `anyOf: [id, $ref]` fields, and
/// 120 resources with list, create, retrieve, update and (for some) delete operations whose
/// form-encoded bodies are `anyOf`-heavy and sent as `deepObject` (bracketed) fields, with `created`
/// range filters and `expand[]` in the query. It stands in for the real file, which is not in the corpora.
enum StripeShapedContract {
    static let resourceCount = 120
    static let schemaCount = 800

    static func generate() -> String {
        BlockYAMLWriter.string(from: build())
    }

    private static func build() -> JSONValue {
        var schemas: [JSONObject.Member] = []
        for index in 0..<schemaCount {
            schemas.append(JSONObject.Member(key: schemaName(index), value: componentSchema(index)))
        }
        schemas.append(JSONObject.Member(key: "error", value: errorSchema))
        var paths: [JSONObject.Member] = []
        for resource in 0..<resourceCount {
            let plural = "/v1/" + schemaName(resource) + "s"
            paths.append(
                JSONObject.Member(
                    key: plural,
                    value: ["get": listOperation(resource), "post": writeOperation(resource, creates: true)]))
            var item: [JSONObject.Member] = [
                JSONObject.Member(key: "get", value: retrieveOperation(resource)),
                JSONObject.Member(key: "post", value: writeOperation(resource, creates: false)),
            ]
            if resource % 3 == 0 { item.append(JSONObject.Member(key: "delete", value: deleteOperation(resource))) }
            paths.append(JSONObject.Member(key: plural + "/{id}", value: .object(JSONObject(members: item))))
        }
        return [
            "openapi": "3.0.0",
            "info": ["title": "Stripe-shaped benchmark API", "version": "2024-01-01"],
            "servers": [["url": "https://api.example.com/"]],
            "security": [["basicAuth": []], ["bearerAuth": []]],
            "paths": .object(JSONObject(members: paths)),
            "components": [
                "schemas": .object(JSONObject(members: schemas)),
                "securitySchemes": [
                    "basicAuth": ["type": "http", "scheme": "basic"],
                    "bearerAuth": ["type": "http", "scheme": "bearer"],
                ],
            ],
        ]
    }

    private static func schemaName(_ index: Int) -> String { "resource_\(index)" }

    private static func reference(_ index: Int) -> JSONValue {
        ["$ref": .string("#/components/schemas/" + schemaName(index % schemaCount))]
    }

    private static func text(_ maxLength: Int = 5000, nullable: Bool = false) -> JSONValue {
        var members: [JSONObject.Member] = [
            JSONObject.Member(key: "maxLength", value: .number(JSONNumber(maxLength))),
            JSONObject.Member(key: "type", value: "string"),
        ]
        if nullable { members.append(JSONObject.Member(key: "nullable", value: true)) }
        return .object(JSONObject(members: members))
    }

    /// An object with scalar fields and expandable links to four other schemas (id or the object itself),
    /// so that following references reaches most of the components.
    private static func componentSchema(_ index: Int) -> JSONValue {
        var properties: [JSONObject.Member] = [
            JSONObject.Member(key: "id", value: text()),
            JSONObject.Member(key: "object", value: ["enum": .array([.string(schemaName(index))]), "type": "string"]),
            JSONObject.Member(key: "created", value: ["format": "unix-time", "type": "integer"]),
            JSONObject.Member(key: "livemode", value: ["type": "boolean"]),
            JSONObject.Member(
                key: "metadata",
                value: ["additionalProperties": text(500), "nullable": true, "type": "object"]),
            JSONObject.Member(key: "status", value: ["enum": ["active", "pending", "closed"], "type": "string"]),
        ]
        for field in 0..<1 { properties.append(JSONObject.Member(key: "note_\(field)", value: text(nullable: true))) }
        for link in 1...4 {
            let target = (index * 7 + link * 131) % schemaCount
            properties.append(
                JSONObject.Member(
                    key: "link_\(link)",
                    value: [
                        "anyOf": [text(), reference(target)], "nullable": true,
                        "x-expansionResources": ["oneOf": [reference(target)]],
                    ]))
        }
        properties.append(
            JSONObject.Member(
                key: "items", value: ["items": reference(index + 1), "type": "array", "nullable": true]))
        return [
            "description": .string("Resource \(index) of the benchmark API."),
            "properties": .object(JSONObject(members: properties)),
            "required": ["id", "object", "created", "livemode"],
            "title": .string(schemaName(index).capitalized),
            "type": "object",
            "x-expandableFields": ["link_1", "link_2", "link_3", "link_4"],
        ]
    }

    private static let errorSchema: JSONValue = [
        "properties": [
            "error": [
                "properties": [
                    "message": text(40_000), "type": ["enum": ["api_error", "card_error"], "type": "string"],
                ],
                "required": ["type"], "type": "object",
            ]
        ],
        "required": ["error"], "type": "object",
    ]

    private static var defaultError: JSONValue {
        ["content": ["application/json": ["schema": ["$ref": "#/components/schemas/error"]]], "description": "Error"]
    }

    private static func ok(_ schema: JSONValue) -> JSONValue {
        ["content": ["application/json": ["schema": schema]], "description": "Successful response."]
    }

    private static var expandParameter: JSONValue {
        [
            "description": "Specifies which fields in the response should be expanded.", "explode": true,
            "in": "query", "name": "expand", "required": false,
            "schema": ["items": text(), "type": "array"], "style": "deepObject",
        ]
    }

    private static var idParameter: JSONValue {
        ["in": "path", "name": "id", "required": true, "schema": text(), "style": "simple"]
    }

    /// An empty form body, as Stripe documents one for its reads.
    private static var emptyForm: JSONValue {
        [
            "content": [
                "application/x-www-form-urlencoded": [
                    "encoding": [:], "schema": ["additionalProperties": false, "properties": [:], "type": "object"],
                ]
            ],
            "required": false,
        ]
    }

    private static func listOperation(_ resource: Int) -> JSONValue {
        let range: JSONValue = [
            "anyOf": [
                [
                    "properties": [
                        "gt": ["type": "integer"], "gte": ["type": "integer"], "lt": ["type": "integer"],
                        "lte": ["type": "integer"],
                    ],
                    "title": "range_query_specs", "type": "object",
                ],
                ["type": "integer"],
            ]
        ]
        let list: JSONValue = [
            "properties": [
                "data": ["items": reference(resource), "type": "array"],
                "has_more": ["type": "boolean"],
                "object": ["enum": ["list"], "type": "string"],
                "url": ["maxLength": 5000, "pattern": .string("^/v1/" + schemaName(resource) + "s"), "type": "string"],
            ],
            "required": ["data", "has_more", "object", "url"], "type": "object",
        ]
        return [
            "operationId": .string("List\(resource)"),
            "parameters": [
                [
                    "explode": true, "in": "query", "name": "created", "required": false, "schema": range,
                    "style": "deepObject",
                ],
                expandParameter,
                ["in": "query", "name": "limit", "required": false, "schema": ["type": "integer"], "style": "form"],
                ["in": "query", "name": "starting_after", "required": false, "schema": text(), "style": "form"],
            ],
            "requestBody": emptyForm,
            "responses": ["200": ok(list), "default": defaultError],
        ]
    }

    private static func retrieveOperation(_ resource: Int) -> JSONValue {
        [
            "operationId": .string("Retrieve\(resource)"),
            "parameters": [expandParameter, idParameter],
            "requestBody": emptyForm,
            "responses": ["200": ok(reference(resource)), "default": defaultError],
        ]
    }

    private static func deleteOperation(_ resource: Int) -> JSONValue {
        [
            "operationId": .string("Delete\(resource)"),
            "parameters": [idParameter],
            "requestBody": emptyForm,
            "responses": ["200": ok(reference(resource)), "default": defaultError],
        ]
    }

    /// A form body of nested objects, each also accepting `""` to clear it, sent as bracketed fields.
    private static func writeOperation(_ resource: Int, creates: Bool) -> JSONValue {
        var properties: [JSONObject.Member] = [
            JSONObject.Member(key: "description", value: text()),
            JSONObject.Member(key: "expand", value: ["items": text(), "type": "array"]),
            JSONObject.Member(
                key: "metadata",
                value: ["anyOf": [["additionalProperties": ["type": "string"], "type": "object"], clearable]]),
        ]
        var encoding: [JSONObject.Member] = [
            JSONObject.Member(key: "expand", value: ["explode": true, "style": "deepObject"]),
            JSONObject.Member(key: "metadata", value: ["explode": true, "style": "deepObject"]),
        ]
        for group in 0..<2 {
            let name = "settings_\(group)"
            properties.append(JSONObject.Member(key: name, value: nestedForm(resource: resource, group: group)))
            encoding.append(JSONObject.Member(key: name, value: ["explode": true, "style": "deepObject"]))
        }
        var operation: [JSONObject.Member] = [
            JSONObject.Member(key: "operationId", value: .string((creates ? "Create" : "Update") + "\(resource)")),
            JSONObject.Member(
                key: "requestBody",
                value: [
                    "content": [
                        "application/x-www-form-urlencoded": [
                            "encoding": .object(JSONObject(members: encoding)),
                            "schema": [
                                "additionalProperties": false, "properties": .object(JSONObject(members: properties)),
                                "type": "object",
                            ],
                        ]
                    ],
                    "required": .bool(creates),
                ]),
            JSONObject.Member(key: "responses", value: ["200": ok(reference(resource)), "default": defaultError]),
        ]
        if !creates { operation.insert(JSONObject.Member(key: "parameters", value: [idParameter]), at: 1) }
        return .object(JSONObject(members: operation))
    }

    private static var clearable: JSONValue { ["enum": [""], "type": "string"] }

    /// Two levels of objects under `anyOf`, as Stripe's `payment_method_options[card][installments]`.
    private static func nestedForm(resource: Int, group: Int) -> JSONValue {
        var inner: [JSONObject.Member] = []
        for field in 0..<2 {
            inner.append(JSONObject.Member(key: "option_\(field)", value: text()))
        }
        inner.append(
            JSONObject.Member(key: "enabled", value: ["type": "boolean"]))
        inner.append(
            JSONObject.Member(
                key: "mode", value: ["enum": ["automatic", "manual", "off"], "type": "string"]))
        let innerObject: JSONValue = [
            "properties": .object(JSONObject(members: inner)), "title": .string("inner_\(resource)_\(group)"),
            "type": "object",
        ]
        let outer: JSONValue = [
            "properties": [
                "primary": ["anyOf": [innerObject, clearable]],
                "fallback": ["anyOf": [innerObject, clearable]],
                "amount": ["type": "integer"],
                "currency": ["type": "string"],
                "tags": ["anyOf": [["items": text(), "type": "array"], clearable]],
            ],
            "title": .string("settings_\(resource)_\(group)"), "type": "object",
        ]
        return ["anyOf": [outer, clearable]]
    }
}
