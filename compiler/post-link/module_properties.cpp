//===- module_properties.cpp - Property sets of a split module ------------===//

#include "module_properties.hpp"

#include "assert_properties.hpp" // [isAssertEnabled] (seed 000)
#include "spec_constant_properties.hpp" // [SYCL/specialization constants]

using namespace llvm;

namespace usycl::postlink {

Expected<PropertySetRegistry>
computeModuleProperties(const Module &M, const EntryPointGroup &Group,
                        function_ref<void(RequirementsWarning)> Warn) {
  PropertySetRegistry Registry;
  Expected<PropertySet> Requirements =
      checkDeviceRequirements(M, Group.Requirements, Warn);
  if (!Requirements)
    return Requirements.takeError();
  PropertySet &Set = Registry.getOrCreate(Requirements->name());
  for (const Property &P : Requirements->properties())
    Set.set(P.Name, P.Value);
  // Seed 000: [isAssertEnabled] when device code can fail an assert.
  addAssertProperties(M, Registry);
  addSpecConstantProperties(M, Registry);
  return Registry;
}

} // namespace usycl::postlink
