import ContractInterception

extension ContractBackend {
    /// The backend of the running test: set by the `.contract(…)` trait for the test's task and every
    /// task it creates (not for the URL loading threads, which is why reports wait for the test's task).
    @TaskLocal public static var current: ContractBackend?
}
