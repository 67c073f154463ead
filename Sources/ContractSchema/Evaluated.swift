/// The properties and items that keywords evaluated, as `unevaluatedProperties`/`unevaluatedItems` need.
struct Evaluated {
    /// Every property was evaluated (`additionalProperties` or `unevaluatedProperties` applied).
    var allProperties = false
    /// Properties evaluated by name.
    var properties: Set<String> = []
    /// Every item was evaluated.
    var allItems = false
    /// Items `0..<prefixItems` were evaluated.
    var prefixItems = 0
    /// Items evaluated one by one (by `contains`).
    var items: Set<Int> = []

    func contains(property: String) -> Bool { allProperties || properties.contains(property) }

    func contains(item: Int) -> Bool { allItems || item < prefixItems || items.contains(item) }
}
