import ContractJSON

// Memory safety: `offsets` is `SchemaCompiler`'s temporary allocation of one entry per `CompiledKeyword`,
// valid while the context exists (the context is passed down the compile and never stored), and is indexed by
// `rawValue`, which is below that count.

/// One schema object being compiled.
struct KeywordContext {
    /// The schema object, translated to 2020-12 when its dialect is OAS 3.0.
    let object: JSONObject
    /// The schema object as the document has it, from which its subschemas are read.
    let written: JSONObject
    let location: SchemaRegistry.Location
    let dialect: SchemaDialect
    /// The registered document the schema is in, and the index of the base in force there.
    let document: SchemaRegistry.Document
    let baseIndex: Int
    /// Where the schema object is written (found once per schema, not once per keyword).
    let position: SourcePosition
    /// The path messages print for its document.
    let displayPath: String
    /// The offset in `object` of each `CompiledKeyword`'s member, -1 for those it lacks; valid while the
    /// schema is compiled (the context does not outlive it).
    let offsets: UnsafeBufferPointer<Int32>

    /// The offset in `object` of the member holding `keyword`, as `object.offset(of: keyword.name)` finds it.
    func offset(of keyword: CompiledKeyword) -> Int? {
        let offset = offsets[keyword.rawValue]
        return offset < 0 ? nil : Int(offset)
    }

    /// The value of `keyword`, as `object[keyword.name]` reads it.
    subscript(keyword: CompiledKeyword) -> JSONValue? {
        offset(of: keyword).map { object.members[$0].value }
    }

    /// The base URI in force at the schema, against which its references resolve.
    var base: URIReference { document.baseReferences[baseIndex] }
}
