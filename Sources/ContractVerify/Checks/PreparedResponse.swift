import ContractSchema
import ContractSpec

/// A documented response with its headers' and bodies' schemas compiled.
struct PreparedResponse: Sendable {
    /// A documented header with its schema compiled.
    struct Header: Sendable {
        let header: Spec.Header
        let schema: CompiledSchema?
        let shape: ValueShape
    }

    let response: Spec.Response
    let content: ContentMap
    let headers: [Header]

    init(_ response: Spec.Response, of operation: Spec.Operation, schemas: ContractSchemas, shapes: ShapeBuilder) {
        self.response = response
        content = ContentMap(response.content, of: operation, schemas: schemas, shapes: shapes)
        // OpenAPI: a `Content-Type` response header definition is ignored; `content` describes it.
        headers = response.headers.filter { $0.name.lowercased() != "content-type" }.map { header in
            let model = header.schema ?? header.content.first?.schema
            return Header(
                header: header, schema: model.flatMap { try? schemas.compiled($0) },
                shape: shapes.shape(of: model))
        }
    }
}
