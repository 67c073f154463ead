/// `$ref`s written where the document's version does not allow a Reference Object (an Operation, a
/// Media Type in 3.0, a Header in 2.0…). They are followed, as swagger-parser, Redocly and Prism do, so
/// that descriptions split this way (every operation in a file of its own) still load whole; the linter
/// warns once per kind of place, at the first such `$ref`, with how many more there are.
struct MisplacedReferences {
    /// The first place of each kind, and how many places of that kind were met, in the order first met.
    private var places: [(kind: String, first: SourceNode, count: Int)] = []

    /// Whether `version` allows a Reference Object in place of an object of `kind`.
    static func permits(_ kind: String, in version: Spec.Version) -> Bool {
        switch version {
        case .swagger2:
            return swagger2.contains(kind)
        case .openAPI30, .openAPI31:
            return openAPI3.contains(kind)
        case .openAPI32:
            return openAPI3.contains(kind) || kind == "Media Type Object"
        }
    }

    private static let swagger2: Set<String> = ["Path Item Object", "Parameter Object", "Response Object"]
    private static let openAPI3: Set<String> = [
        "Path Item Object", "Parameter Object", "Request Body Object", "Response Object", "Header Object",
        "Example Object", "Link Object", "Callback Object", "Security Scheme Object",
    ]

    /// Notes a `$ref` met at `node` where an object of `kind` belongs.
    mutating func note(_ kind: String, at node: SourceNode) {
        if let index = places.firstIndex(where: { $0.kind == kind }) {
            places[index].count += 1
        } else {
            places.append((kind, node.child("$ref") ?? node, 1))
        }
    }

    /// One warning per kind of place.
    func diagnostics(version: Spec.Version) -> [Diagnostic] {
        places.map { kind, first, count in
            let others = Diagnostic.otherPlaces(count)
            let versionName = version == .swagger2 ? "Swagger 2.0" : "OpenAPI \(version)"
            let article = kind.first.map { "AEIOUaeiou".contains($0) } == true ? "an" : "a"
            return Diagnostic(
                .warning, code: "ref.placement",
                message:
                    "\(versionName) does not allow $ref in place of \(article) \(kind); it is followed here\(others), "
                    + "but tools that read the specification strictly reject it",
                location: first.location, pointer: first.pointer)
        }
    }
}
