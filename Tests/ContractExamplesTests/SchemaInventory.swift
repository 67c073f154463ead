import ContractExamples
import ContractSchema
import ContractSpec

/// Every schema of a contract a property test should cover, once each, with the side it is generated for.
struct SchemaInventory {
    struct Entry {
        var schema: Spec.Schema
        var context: ValidationContext
        var role: String
    }

    static func entries(of document: Spec.Document) -> [Entry] {
        var entries: [Entry] = []
        var seen: Set<String> = []
        func add(_ schema: Spec.Schema?, _ context: ValidationContext, _ role: String) {
            guard let schema else { return }
            let key = schema.uri + "|" + role.prefix(4) + "\(context)"
            guard seen.insert(key).inserted else { return }
            entries.append(Entry(schema: schema, context: context, role: role))
        }
        for name in document.schemas.keys.sorted() {
            add(document.schemas[name], .response, "component")
            add(document.schemas[name], .request, "component")
        }
        for operation in document.operations + document.webhooks {
            for parameter in operation.parameters {
                add(parameter.schema, .request, "parameter")
                for media in parameter.content { add(media.schema, .request, "parameter") }
            }
            for media in operation.requestBody?.content ?? [] { add(media.schema, .request, "body") }
            for response in operation.responses {
                for media in response.content { add(media.schema, .response, "body") }
                for header in response.headers {
                    add(header.schema, .none, "header")
                    for media in header.content { add(media.schema, .none, "header") }
                }
            }
        }
        return entries
    }
}
