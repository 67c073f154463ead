import ContractJSON
import ContractVerify

/// A change a forwarding backend makes to each response from the server before verifying it and handing it
/// to the client (`ContractBackend.modifyResponses`).
///
/// ```swift
/// backend.modifyResponses(.header("Cache-Control", "no-store"), .removingHeader("Server"))
/// ```
public struct ResponseModifier: Sendable {
    let modify: @Sendable (inout HTTPResponse) -> Void

    /// A modifier that changes the response as `modify` does.
    public init(_ modify: @escaping @Sendable (inout HTTPResponse) -> Void) {
        self.modify = modify
    }

    /// Sets header `name` to `value`, replacing any value the server sent.
    public static func header(_ name: String, _ value: String) -> ResponseModifier {
        ResponseModifier { $0.headers.set(name, value) }
    }

    /// Removes header `name`.
    public static func removingHeader(_ name: String) -> ResponseModifier {
        ResponseModifier { response in
            let folded = name.lowercased()
            response.headers = HTTPHeaders(response.headers.fields.filter { $0.name.lowercased() != folded })
        }
    }

    /// Changes a JSON body with `patch`; a response without a JSON body is left as it is.
    public static func jsonBody(_ patch: @escaping @Sendable (inout JSONValue) -> Void) -> ResponseModifier {
        ResponseModifier { response in
            guard let bytes = response.body.bytes, let changed = JSONPatch.apply(patch, to: bytes) else { return }
            response.body = .bytes(changed)
        }
    }

    /// Sets the member `name` of a JSON object body to `value`.
    public static func jsonMember(_ name: String, _ value: JSONValue) -> ResponseModifier {
        jsonBody { JSONPatch.setMember(name, value, in: &$0) }
    }
}
