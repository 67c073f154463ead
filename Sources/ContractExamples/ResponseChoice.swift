import ContractJSON
import ContractSpec

/// Picks the response and media type a caller means.
enum ResponseChoice {
    /// The response for `status` (exact, range, `default`); with no status, the first success response.
    static func response(of operation: Spec.Operation, status: Int?) throws(ExampleError) -> Spec.Response {
        if let status {
            if let response = operation.response(for: status) { return response }
        } else if let response = operation.responses.first(where: { isSuccess($0.status) }) ?? operation.responses.first
        {
            return response
        }
        let declared = operation.responses.map(\.status.description).joined(separator: ", ")
        let asked = status.map { "for status \($0)" } ?? "at all"
        throw ExampleError(
            kind: .notDeclared,
            message: "\(operation.displayName) declares no response \(asked)"
                + (declared.isEmpty ? "" : " (declared: \(declared))"),
            location: operation.location)
    }

    private static func isSuccess(_ status: Spec.ResponseStatus) -> Bool {
        switch status {
        case .code(let code): (200..<300).contains(code)
        case .range(let digit): digit == 2
        case .default: false
        }
    }

    /// The media type named (exactly, or as a range such as `application/*`), else the first JSON one, else the first.
    static func mediaType(_ content: [Spec.MediaType], named name: String?, what: String, location: SourceLocation)
        throws(ExampleError) -> Spec.MediaType
    {
        if let name {
            let wanted = name.lowercased()
            if let exact = content.first(where: { $0.name.lowercased() == wanted }) { return exact }
            throw ExampleError(
                kind: .notDeclared,
                message: "\(what) has no media type \(name) (declared: "
                    + content.map(\.name).joined(separator: ", ") + ")",
                location: location)
        }
        if let json = content.first(where: { isJSON($0.name) }) ?? content.first { return json }
        throw ExampleError(kind: .notDeclared, message: "\(what) declares no body", location: location)
    }

    static func isJSON(_ name: String) -> Bool {
        let essence = name.lowercased().split(separator: ";").first.map(String.init) ?? ""
        return essence == "application/json" || essence.hasSuffix("+json")
    }
}
