/// How `nullable: true` (OpenAPI 3.0, and Swagger 2.0's `x-nullable: true`) is read.
///
/// OAS 3.0.3 §4.7.24 defines `nullable` as widening the `type` of its own schema object, so read
/// literally it has no effect beside `allOf`, `anyOf`, `oneOf` or `$ref` without a `type`, and an `enum`
/// that does not list `null` still rejects it. Descriptions are not written that way: the idiomatic
/// nullable reference is `nullable: true` beside `allOf: [$ref]`, and APIs send `null` there.
public enum NullableReading: String, Sendable, Hashable, CaseIterable {
    /// A schema object with `nullable: true` accepts `null`, whatever keywords stand beside it. The default.
    case lenient
    /// The literal reading of OAS 3.0.3: `nullable: true` adds `null` to the `type` of its own schema
    /// object, and only when that object has a `type`; every other keyword keeps its meaning.
    case strict
}
