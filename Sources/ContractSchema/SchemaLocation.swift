import ContractJSON

/// Where a schema or one of its keywords is: the document's absolute URI and a JSON pointer into it.
public struct SchemaLocation: Hashable, Sendable, CustomStringConvertible {
    /// The absolute URI of the document, without fragment (`file:///abs/contracts/api.yaml`).
    public var documentURI: String
    /// The pointer inside the document (`/components/schemas/Pet/properties/name/type`).
    public var pointer: JSONPointer

    /// Creates a location.
    public init(documentURI: String, pointer: JSONPointer) {
        self.documentURI = documentURI
        self.pointer = pointer
    }

    /// The pointer as a URI fragment, as errors print it: `#/components/schemas/Pet/properties/name/type`.
    public var fragment: String { pointer.fragment }

    /// The full URI: document and fragment.
    public var description: String { documentURI + fragment }

    /// A location one token deeper.
    func appending(_ token: String) -> SchemaLocation {
        SchemaLocation(documentURI: documentURI, pointer: pointer.appending(token))
    }
}
