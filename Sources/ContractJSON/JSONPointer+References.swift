extension JSONPointer {
    /// Where this pointer leads from `root` when it passes through `$ref`s (`…/items/allOf/0` where `items`
    /// is `{$ref: …}`), as pointers into a document whose references were resolved first are written: a
    /// `$ref` standing where the next token names nothing is followed, as reference-resolving tools read
    /// such pointers, and the walk goes on in its target.
    ///
    /// `follow` gives the target of a `$ref`'s text written at a pointer of a place (a file, a registered
    /// document), or `nil`. The answer is the place and pointer reached; `nil` when the way names nothing,
    /// follows more than `maximumReferences` `$ref`s, or needs none (the pointer then resolves as written).
    package func resolvingThroughReferences<Place>(
        from place: Place, root: JSONValue, maximumReferences: Int = 32,
        follow: (_ reference: String, _ place: Place, _ at: JSONPointer) -> (
            place: Place, pointer: JSONPointer, value: JSONValue
        )?
    ) -> (place: Place, pointer: JSONPointer)? {
        var place = place
        var at = JSONPointer.root
        var value = root
        var followed = 0
        var unused = SourcePosition.unknown
        for token in tokens {
            while true {
                if let child = Self.step(from: value, to: token, best: &unused) {
                    value = child
                    at = at.appending(token)
                    break
                }
                guard followed < maximumReferences, case .object(let object) = value,
                    case .string(let text)? = object["$ref"], let target = follow(text, place, at)
                else { return nil }
                followed += 1
                (place, at, value) = (target.place, target.pointer, target.value)
            }
        }
        return followed > 0 ? (place, at) : nil
    }
}
